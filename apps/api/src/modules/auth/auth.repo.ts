import {
  authThrottle,
  authTokens,
  type Db,
  knownDevices,
  preparedSelect,
  queryRows,
  serverSecrets,
  sessions,
  users,
} from '@bw/db';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { UserRow } from '../users/users.repo.js';
import { randomToken } from './secrets.js';

export type SessionRow = typeof sessions.$inferSelect;
export type AuthTokenRow = typeof authTokens.$inferSelect;
export type AuthTokenPurpose = AuthTokenRow['purpose'];

export const insertSession = async (db: Db, values: typeof sessions.$inferInsert): Promise<void> => {
  await db.insert(sessions).values(values);
};

/** Every request with a cookie asks this (issue 27): built once, run on any handle (`preparedSelect`). */
const sessionWithUser = preparedSelect((db) =>
  db
    .select({ session: sessions, user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(eq(sessions.tokenHash, sql.placeholder('tokenHash')))
    .limit(1),
);

export const findSessionWithUser = async (
  db: Db,
  tokenHash: string,
): Promise<{ session: SessionRow; user: UserRow } | undefined> => (await sessionWithUser(db, { tokenHash }))[0];

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

/** Takes one of a code's tries in one statement: false when the code has none left. */
export const takeCodeTry = async (db: Db, id: string, maxTries: number): Promise<boolean> => {
  const rows = await db
    .update(authTokens)
    .set({ failedAttempts: sql`${authTokens.failedAttempts} + 1` })
    .where(and(eq(authTokens.id, id), sql`${authTokens.failedAttempts} < ${maxTries}`))
    .returning({ id: authTokens.id });
  return rows.length === 1;
};

/** A right code gives its try back. */
export const giveCodeTryBack = async (db: Db, id: string): Promise<void> => {
  await db
    .update(authTokens)
    .set({ failedAttempts: sql`GREATEST(${authTokens.failedAttempts} - 1, 0)` })
    .where(eq(authTokens.id, id));
};

/** A new code replaces the older ones of the same purpose. */
export const retireOpenTokens = async (db: Db, userId: string, purpose: AuthTokenPurpose, now: Date): Promise<void> => {
  await db
    .update(authTokens)
    .set({ usedAt: now })
    .where(and(eq(authTokens.userId, userId), eq(authTokens.purpose, purpose), isNull(authTokens.usedAt)));
};

/**
 * Takes one try from a budget in ONE statement (ADR 0020): the row is created or incremented and
 * the new count returned, so N concurrent tries count N on PGlite and PostgreSQL alike, and every
 * API node sees the same count. The window is `windowMs` doubled per strike (capped at
 * `maxWindowMs`); a window that ends over budget starts the next one with one more strike, a
 * window that ends within budget clears the strikes.
 */
export const takeThrottleAttempt = async (
  db: Db,
  input: { key: string; windowMs: number; maxWindowMs: number; max: number; now: Date },
): Promise<{ count: number; strikes: number; windowStartedAt: Date }> => {
  const now = input.now.toISOString();
  const windowEnd = sql`t.window_started_at + LEAST(${input.windowMs}::bigint * (2 ^ LEAST(t.strikes, 20))::bigint, ${input.maxWindowMs}::bigint) * interval '1 millisecond'`;
  const [row] = await queryRows<{ count: number; strikes: number; window_started_at: string | Date }>(
    db,
    sql`INSERT INTO auth_throttle AS t (key, count, window_started_at, strikes)
        VALUES (${input.key}, 1, ${now}::timestamptz, 0)
        ON CONFLICT (key) DO UPDATE SET
          count = CASE WHEN ${windowEnd} <= ${now}::timestamptz THEN 1 ELSE t.count + 1 END,
          strikes = CASE WHEN ${windowEnd} > ${now}::timestamptz THEN t.strikes
                         WHEN t.count > ${input.max} THEN t.strikes + 1 ELSE 0 END,
          window_started_at = CASE WHEN ${windowEnd} <= ${now}::timestamptz THEN ${now}::timestamptz
                                   ELSE t.window_started_at END
        RETURNING t.count, t.strikes, t.window_started_at`,
  );
  if (!row) throw new Error('throttle row missing');
  return { count: Number(row.count), strikes: Number(row.strikes), windowStartedAt: new Date(row.window_started_at) };
};

/** Gives one try back (a success is not an attack): one statement, never below zero. */
export const refundThrottleAttempt = async (db: Db, key: string): Promise<void> => {
  await db
    .update(authThrottle)
    .set({ count: sql`GREATEST(${authThrottle.count} - 1, 0)` })
    .where(eq(authThrottle.key, key));
};

export const readThrottleWindow = async (
  db: Db,
  key: string,
): Promise<{ count: number; windowStartedAt: Date; strikes: number } | undefined> =>
  (await db.select().from(authThrottle).where(eq(authThrottle.key, key)))[0];

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
