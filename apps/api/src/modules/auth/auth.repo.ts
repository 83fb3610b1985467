import { authThrottle, authTokens, type Db, knownDevices, serverSecrets, sessions, users } from '@bw/db';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { UserRow } from '../users/users.repo.js';
import { randomToken } from './secrets.js';

export type SessionRow = typeof sessions.$inferSelect;
export type AuthTokenRow = typeof authTokens.$inferSelect;
export type AuthTokenPurpose = AuthTokenRow['purpose'];

export const insertSession = async (db: Db, values: typeof sessions.$inferInsert): Promise<void> => {
  await db.insert(sessions).values(values);
};

export const findSessionWithUser = async (
  db: Db,
  tokenHash: string,
): Promise<{ session: SessionRow; user: UserRow } | undefined> => {
  const [row] = await db
    .select({ session: sessions, user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(eq(sessions.tokenHash, tokenHash))
    .limit(1);
  return row;
};

export const touchSession = async (db: Db, tokenHash: string, now: Date): Promise<void> => {
  await db.update(sessions).set({ lastSeenAt: now }).where(eq(sessions.tokenHash, tokenHash));
};

export const deleteSession = async (db: Db, tokenHash: string): Promise<void> => {
  await db.delete(sessions).where(eq(sessions.tokenHash, tokenHash));
};

/** Logout everywhere (password change and reset). */
export const deleteUserSessions = async (db: Db, userId: string): Promise<void> => {
  await db.delete(sessions).where(eq(sessions.userId, userId));
};

export const isKnownDevice = async (db: Db, email: string, deviceHash: string): Promise<boolean> => {
  const rows = await db
    .select({ userId: knownDevices.userId })
    .from(knownDevices)
    .innerJoin(users, eq(users.id, knownDevices.userId))
    .where(and(eq(users.email, email), eq(knownDevices.deviceHash, deviceHash)))
    .limit(1);
  return rows.length > 0;
};

export const rememberDevice = async (db: Db, userId: string, deviceHash: string, now: Date): Promise<void> => {
  await db
    .insert(knownDevices)
    .values({ userId, deviceHash, lastLoginAt: now })
    .onConflictDoUpdate({ target: [knownDevices.userId, knownDevices.deviceHash], set: { lastLoginAt: now } });
};

export const insertAuthToken = async (db: Db, values: typeof authTokens.$inferInsert): Promise<void> => {
  await db.insert(authTokens).values(values);
};

export const findAuthTokenByHash = async (db: Db, tokenHash: string): Promise<AuthTokenRow | undefined> =>
  (await db.select().from(authTokens).where(eq(authTokens.tokenHash, tokenHash)).limit(1))[0];

/** The newest unused token of this purpose (the code the latest e-mail carried). */
export const findLatestOpenToken = async (
  db: Db,
  userId: string,
  purpose: AuthTokenPurpose,
): Promise<AuthTokenRow | undefined> =>
  (
    await db
      .select()
      .from(authTokens)
      .where(and(eq(authTokens.userId, userId), eq(authTokens.purpose, purpose), isNull(authTokens.usedAt)))
      .orderBy(sql`${authTokens.createdAt} DESC`)
      .limit(1)
  )[0];

/** Marks the token used; false when someone else used it first (single use under concurrency). */
export const consumeAuthToken = async (db: Db, id: string, now: Date): Promise<boolean> => {
  const rows = await db
    .update(authTokens)
    .set({ usedAt: now })
    .where(and(eq(authTokens.id, id), isNull(authTokens.usedAt)))
    .returning({ id: authTokens.id });
  return rows.length > 0;
};

export const countFailedAttempt = async (db: Db, id: string): Promise<void> => {
  await db
    .update(authTokens)
    .set({ failedAttempts: sql`${authTokens.failedAttempts} + 1` })
    .where(eq(authTokens.id, id));
};

/** A new code replaces the older ones of the same purpose. */
export const retireOpenTokens = async (db: Db, userId: string, purpose: AuthTokenPurpose, now: Date): Promise<void> => {
  await db
    .update(authTokens)
    .set({ usedAt: now })
    .where(and(eq(authTokens.userId, userId), eq(authTokens.purpose, purpose), isNull(authTokens.usedAt)));
};

export type ThrottleWindowRow = { count: number; windowStartedAt: Date };

export const readThrottleWindows = async (db: Db, keys: string[]): Promise<Map<string, ThrottleWindowRow>> => {
  if (keys.length === 0) return new Map();
  const rows = await db.select().from(authThrottle).where(inArray(authThrottle.key, keys));
  return new Map(rows.map((row) => [row.key, { count: row.count, windowStartedAt: row.windowStartedAt }]));
};

/** Counts one event in a fixed window; a window older than `windowMs` starts over at 1. */
export const bumpThrottleWindow = async (db: Db, key: string, windowMs: number, now: Date): Promise<void> => {
  const cutoff = new Date(now.getTime() - windowMs).toISOString();
  const nowIso = now.toISOString();
  await db
    .insert(authThrottle)
    .values({ key, count: 1, windowStartedAt: now })
    .onConflictDoUpdate({
      target: authThrottle.key,
      set: {
        count: sql`CASE WHEN ${authThrottle.windowStartedAt} <= ${cutoff}::timestamptz THEN 1 ELSE ${authThrottle.count} + 1 END`,
        windowStartedAt: sql`CASE WHEN ${authThrottle.windowStartedAt} <= ${cutoff}::timestamptz THEN ${nowIso}::timestamptz ELSE ${authThrottle.windowStartedAt} END`,
      },
    });
};

export const clearThrottleWindow = async (db: Db, key: string): Promise<void> => {
  await db.delete(authThrottle).where(eq(authThrottle.key, key));
};

/** A server secret by name, created on first use; every node reads the same value. */
export const serverSecret = async (db: Db, name: string): Promise<string> => {
  await db.insert(serverSecrets).values({ name, value: randomToken() }).onConflictDoNothing();
  const [row] = await db.select().from(serverSecrets).where(eq(serverSecrets.name, name));
  if (!row) throw new Error(`server secret ${name} missing`);
  return row.value;
};
