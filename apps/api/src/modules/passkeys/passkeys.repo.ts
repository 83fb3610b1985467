import { type Db, passkeyChallenges, passkeyCredentials } from '@bw/db';
import { and, desc, eq, gt, isNull, lt } from 'drizzle-orm';

export type PasskeyRow = typeof passkeyCredentials.$inferSelect;
export type CeremonyPurpose = 'registration' | 'authentication';

export const insertCeremony = (
  db: Db,
  row: { id: string; purpose: CeremonyPurpose; userId: string | null; challenge: string; expiresAt: Date },
) => db.insert(passkeyChallenges).values(row);

/** Takes a ceremony's challenge exactly once; null when unknown, used, expired or of another purpose/user. */
export const takeCeremony = async (
  db: Db,
  id: string,
  purpose: CeremonyPurpose,
  userId: string | null,
  now: Date,
): Promise<string | null> => {
  const [row] = await db
    .update(passkeyChallenges)
    .set({ usedAt: now })
    .where(
      and(
        eq(passkeyChallenges.id, id),
        eq(passkeyChallenges.purpose, purpose),
        isNull(passkeyChallenges.usedAt),
        gt(passkeyChallenges.expiresAt, now),
      ),
    )
    .returning();
  if (!row || (userId !== null && row.userId !== userId)) return null;
  return row.challenge;
};

/** Ceremonies a browser started and never finished. */
export const deleteStaleCeremonies = (db: Db, before: Date) =>
  db.delete(passkeyChallenges).where(lt(passkeyChallenges.expiresAt, before));

export const listPasskeys = (db: Db, userId: string): Promise<PasskeyRow[]> =>
  db
    .select()
    .from(passkeyCredentials)
    .where(eq(passkeyCredentials.userId, userId))
    .orderBy(desc(passkeyCredentials.createdAt));

export const findPasskey = async (db: Db, id: string): Promise<PasskeyRow | undefined> =>
  (await db.select().from(passkeyCredentials).where(eq(passkeyCredentials.id, id)))[0];

export const insertPasskey = (db: Db, row: typeof passkeyCredentials.$inferInsert) =>
  db.insert(passkeyCredentials).values(row).onConflictDoNothing().returning();

/** The authenticator's counter only moves forward (a clone shows an older one). */
export const recordPasskeyUse = (db: Db, id: string, signCount: number, now: Date) =>
  db.update(passkeyCredentials).set({ signCount, lastUsedAt: now }).where(eq(passkeyCredentials.id, id));

export const deletePasskey = async (db: Db, userId: string, id: string): Promise<boolean> =>
  (
    await db
      .delete(passkeyCredentials)
      .where(and(eq(passkeyCredentials.id, id), eq(passkeyCredentials.userId, userId)))
      .returning()
  ).length > 0;
