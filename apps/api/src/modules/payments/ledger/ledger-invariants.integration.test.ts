import { type Database, openDatabase, partners, queryRows, users } from '@bw/db';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isAppError } from '../../../lib/app-error.js';
import { createTestDatabase, type TestDatabase, usesPostgres } from '../../../test/test-database.js';
import { hold, type Leg, post, postHold, voidHold } from './ledger.js';
import { ledgerViolations } from './ledger-check.js';

/**
 * The ledger's invariants under load (ADR 0005), on PostgreSQL only: 64 concurrent clients run
 * 10,000 random pay-ins, payouts, holds, posts and voids of holds, 10 % of them retries of an
 * earlier idempotency key. Seed: LEDGER_SEED, else the clock; printed with every failure.
 */
const CLIENTS = 64;
/**
 * The 64 clients share this many connections: the server allows 100 in all and other test files
 * run at the same time (LEDGER_CONNECTIONS=64 gives every client its own).
 */
const CONNECTIONS = Number(process.env.LEDGER_CONNECTIONS ?? 32);
const OPERATIONS = 10_000;
const USERS = 48;
const RETRY_SHARE = 0.1;
const seed = Number(process.env.LEDGER_SEED ?? Date.now() % 2_147_483_647);

const mulberry32 = (start: number) => {
  let state = start >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
};

type Issued =
  | { kind: 'payin' | 'payout'; key: string; userId: string; amount: bigint }
  | { kind: 'hold'; key: string; userId: string; amount: bigint };

describe.skipIf(!usesPostgres())(`ledger invariants on PostgreSQL (seed ${seed})`, () => {
  let database: TestDatabase;
  let pool: Database;
  const userIds: string[] = [];

  beforeAll(async () => {
    database = await createTestDatabase();
    if (!database.connectionString) throw new Error('needs PostgreSQL');
    pool = await openDatabase({ kind: 'postgres', connectionString: database.connectionString, poolSize: CONNECTIONS });
    const [partner] = await database.db.select().from(partners).limit(1);
    if (!partner) throw new Error('no partner seeded');
    const rows = await database.db
      .insert(users)
      .values(
        Array.from({ length: USERS }, (_, index) => ({
          email: `ledger-${seed}-${index}@example.at`,
          partnerId: partner.partnerId,
        })),
      )
      .returning({ id: users.id });
    userIds.push(...rows.map((row) => row.id));
  });

  afterAll(async () => {
    await pool?.close();
    await database?.close();
  });

  it('keeps every posting balanced, no balance negative, every key and hold effective once', async () => {
    const started = Date.now();
    const random = mulberry32(seed);
    const pick = <T>(items: T[]): T | undefined => items[Math.floor(random() * items.length)];
    const amountUpTo = (max: number) => BigInt(1 + Math.floor(random() * max));
    const db = pool.db;

    const issued: Issued[] = [];
    const successes = new Map<string, Issued>();
    const holds: { holdId: string; userId: string; amount: bigint }[] = [];
    const outcomes = { posted: 0, voided: 0, alreadyResolved: 0 };
    const counts = { refused: 0, duplicates: 0, keyReuseRefused: 0, deadlockRetries: 0 };
    /** Net cash (available + held) each user must end with, from the operations that succeeded. */
    const expectedCash = new Map<string, bigint>();
    const addCash = (userId: string, amount: bigint) =>
      expectedCash.set(userId, (expectedCash.get(userId) ?? 0n) + amount);

    const inTransaction = async <T>(work: (tx: typeof db) => Promise<T>): Promise<T> => {
      for (;;) {
        try {
          return await db.transaction(work);
        } catch (error) {
          const code =
            (error as { cause?: { code?: string }; code?: string }).cause?.code ?? (error as { code?: string }).code;
          if (code === '40P01' || code === '40001') {
            counts.deadlockRetries += 1;
            continue;
          }
          throw error;
        }
      }
    };

    const run = async (issue: Issued): Promise<void> => {
      try {
        if (issue.kind === 'hold') {
          const result = await inTransaction((tx) =>
            hold(tx, { key: issue.key, account: { kind: 'user_cash', userId: issue.userId }, amount: issue.amount }),
          );
          if (result.duplicate) counts.duplicates += 1;
          else {
            successes.set(issue.key, issue);
            holds.push({ holdId: result.holdId, userId: issue.userId, amount: issue.amount });
          }
          return;
        }
        const user = { kind: 'user_cash' as const, userId: issue.userId };
        const legs: Leg[] =
          issue.kind === 'payin'
            ? [
                { account: { kind: 'psp_clearing' }, amount: -issue.amount },
                { account: user, amount: issue.amount },
              ]
            : [
                { account: user, amount: -issue.amount },
                { account: { kind: 'psp_clearing' }, amount: issue.amount },
              ];
        const result = await inTransaction((tx) => post(tx, { key: issue.key, kind: issue.kind, legs }));
        if (result.duplicate) counts.duplicates += 1;
        else {
          successes.set(issue.key, issue);
          addCash(issue.userId, issue.kind === 'payin' ? issue.amount : -issue.amount);
        }
      } catch (error) {
        if (isAppError(error) && error.code === 'LEDGER_INSUFFICIENT_BALANCE') counts.refused += 1;
        // A changed retry can race its original: whichever commits first owns the key and the other is
        // refused, so an original may be the refused one. Either way exactly one of them moved money.
        else if (isAppError(error) && error.code === 'IDEMPOTENCY_KEY_REUSED') counts.keyReuseRefused += 1;
        else throw error;
      }
    };

    const resolveRandomHold = async (mode: 'post' | 'void') => {
      const target = pick(holds);
      if (!target) return;
      const result = await inTransaction((tx) =>
        mode === 'post'
          ? postHold(tx, target.holdId, {
              kind: 'payout',
              to: [{ account: { kind: 'psp_clearing' }, amount: target.amount }],
            })
          : voidHold(tx, target.holdId),
      );
      if (result.outcome === 'posted') {
        outcomes.posted += 1;
        addCash(target.userId, -target.amount);
      } else if (result.outcome === 'voided') outcomes.voided += 1;
      else outcomes.alreadyResolved += 1;
    };

    let next = 0;
    const client = async () => {
      for (;;) {
        const index = next;
        next += 1;
        if (index >= OPERATIONS) return;
        const roll = random();
        const earlier = pick(issued);
        if (roll < RETRY_SHARE && earlier) {
          // 1 in 5 retries sends the same key with a different amount: it must be refused.
          const changed = random() < 0.2 ? { ...earlier, amount: earlier.amount + 1n } : earlier;
          await run(changed);
          continue;
        }
        const userId = pick(userIds) ?? '';
        const choice = random();
        if (choice < 0.35) {
          const issue: Issued = { kind: 'payin', key: `payin:${index}`, userId, amount: amountUpTo(10_000) };
          issued.push(issue);
          await run(issue);
        } else if (choice < 0.6) {
          const issue: Issued = { kind: 'hold', key: `hold:${index}`, userId, amount: amountUpTo(6_000) };
          issued.push(issue);
          await run(issue);
        } else if (choice < 0.75) await resolveRandomHold('post');
        else if (choice < 0.9) await resolveRandomHold('void');
        else {
          const issue: Issued = { kind: 'payout', key: `payout:${index}`, userId, amount: amountUpTo(4_000) };
          issued.push(issue);
          await run(issue);
        }
      }
    };
    await Promise.all(Array.from({ length: CLIENTS }, client));
    // At the end every hold resolves: void what is still pending.
    for (const target of holds) {
      const result = await inTransaction((tx) => voidHold(tx, target.holdId));
      if (result.outcome === 'voided') outcomes.voided += 1;
    }
    const seconds = (Date.now() - started) / 1000;
    console.log(
      `ledger invariants: seed ${seed}, ${OPERATIONS} operations by ${CLIENTS} clients on ${CONNECTIONS} connections in ${seconds.toFixed(1)} s`,
      { successes: successes.size, holds: holds.length, ...outcomes, ...counts },
    );
    const context = `seed ${seed}`;

    const check = <T extends Record<string, unknown>>(query: ReturnType<typeof sql>) =>
      queryRows<T>(database.db, query);
    expect(await ledgerViolations(database.db), context).toEqual([]);
    // No key moved money twice: one posting per successful key, none for refused ones.
    const [keyed] = await check<{ count: string }>(
      sql`SELECT count(*)::text AS count FROM ledger_postings WHERE idempotency_key ~ '^(payin|payout|hold):[0-9]+$'`,
    );
    expect(Number(keyed?.count), context).toBe(successes.size);
    // Every hold resolved exactly once, by one posting.
    expect(await check(sql`SELECT id FROM ledger_holds WHERE status = 'pending'`), context).toEqual([]);
    const [resolutions] = await check<{ count: string }>(
      sql`SELECT count(*)::text AS count FROM ledger_postings WHERE idempotency_key LIKE 'hold:%:posted' OR idempotency_key LIKE 'hold:%:voided'`,
    );
    expect(Number(resolutions?.count), context).toBe(holds.length);
    expect(outcomes.posted + outcomes.voided, context).toBe(holds.length);
    // Each user's cash equals what the successful operations say.
    const balances = await check<{ user_id: string; total: string }>(sql`
      SELECT user_id::text AS user_id, sum(balance)::text AS total FROM ledger_accounts
      WHERE kind IN ('user_cash', 'user_cash_held') GROUP BY user_id`);
    for (const row of balances)
      expect(BigInt(row.total), `${context} user ${row.user_id}`).toBe(expectedCash.get(row.user_id) ?? 0n);
    const [held] = await check<{ total: string | null }>(
      sql`SELECT coalesce(sum(balance), 0)::text AS total FROM ledger_accounts WHERE kind = 'user_cash_held'`,
    );
    expect(held?.total, context).toBe('0');
  }, 180_000);
});
