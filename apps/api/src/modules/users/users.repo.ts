import { type Db, users } from '@bw/db';
import { asc, eq, sql } from 'drizzle-orm';

export type UserRow = typeof users.$inferSelect;

/**
 * The account of an address. One person may hold one account per partner (ADR 0035): the account at
 * `preferredPartnerId` when there is one, else the oldest (the registered one; copies come later).
 */
export const findUserByEmail = async (
  db: Db,
  email: string,
  preferredPartnerId?: string,
): Promise<UserRow | undefined> =>
  (
    await db
      .select()
      .from(users)
      .where(eq(users.email, email))
      .orderBy(
        sql`(${users.partnerId} = ${preferredPartnerId ?? null}) IS TRUE DESC`,
        asc(users.createdAt),
        asc(users.id),
      )
      .limit(1)
  )[0];

export const findUserById = async (db: Db, userId: string): Promise<UserRow | undefined> =>
  (await db.select().from(users).where(eq(users.id, userId)).limit(1))[0];

export const findUserByExternalSubject = async (db: Db, subject: string): Promise<UserRow | undefined> =>
  (await db.select().from(users).where(eq(users.externalSubject, subject)).limit(1))[0];

export const insertUser = async (db: Db, values: typeof users.$inferInsert): Promise<UserRow> => {
  const [row] = await db.insert(users).values(values).returning();
  if (!row) throw new Error('user insert returned nothing');
  return row;
};

export const updateUser = async (
  db: Db,
  userId: string,
  values: Partial<typeof users.$inferInsert>,
): Promise<UserRow | undefined> =>
  (
    await db
      .update(users)
      .set({ ...values, updatedAt: new Date() })
      .where(eq(users.id, userId))
      .returning()
  )[0];
