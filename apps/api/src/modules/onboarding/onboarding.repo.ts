import { type Db, users } from '@bw/db';
import { and, eq, ne } from 'drizzle-orm';

/** True when another account already holds this (E.164) phone number. */
export const isPhoneUsedByAnotherUser = async (db: Db, phone: string, userId: string): Promise<boolean> =>
  (
    await db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.phone, phone), ne(users.id, userId)))
      .limit(1)
  ).length > 0;
