import { appendFileSync } from 'node:fs';
import { type Database, openDatabase, partners, queryRows, users } from '@bw/db';
import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { isAppError } from '../lib/app-error.js';
import { registerLedgerViolations } from '../modules/share-register/register-admin.js';
import { mulberry32, seedsOf } from '../test/seeds.js';
import {
  createTestDatabase,
  pgErrorCode,
  SERVER_FULL,
  type TestDatabase,
  usesPostgres,
  whileServerFull,
} from '../test/test-database.js';
import { hold, type Leg, post, postHold, voidHold } from './ledger.js';
import { ledgerViolations } from './ledger-checks.js';

/**
 * The ledger's invariants under load (ADR 0005), on PostgreSQL only: 64 concurrent clients run
 * 10,000 random pay-ins, payouts, holds, posts and voids of holds, 10 % of them retries of an
 * earlier idempotency key. Every seed's failure names it; `npm run test:bank` runs many.
 */
const CLIENTS = 64;
/**
 * The 64 clients share this many connections: the server allows 100 in all and other test files
 * run at the same time (LEDGER_CONNECTIONS=64 gives every client its own).
 */
const CONNECTIONS = Number(process.env.LEDGER_CONNECTIONS ?? 32);
/** LEDGER_OPERATIONS shortens (or lengthens) each seed's run (`npm run test:bank -- --operations`). */
const OPERATIONS = Number(process.env.LEDGER_OPERATIONS ?? 10_000);
const USERS = 48;
const RETRY_SHARE = 0.1;
/** LEDGER_SEEDS (`npm run test:bank`), else LEDGER_SEED, else the clock; each seed on a fresh database. */
const seeds = seedsOf(process.env.LEDGER_SEEDS, process.env.LEDGER_SEED, Date.now() % 2_147_483_647);
/** With LEDGER_REPORT set, every seed appends one JSON line (seed, seconds, violations) to that file. */
const REPORT = process.env.LEDGER_REPORT;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

type Issued =
  | { kind: 'payin' | 'payout'; key: string; userId: string; amount: bigint }
  | { kind: 'hold'; key: string; userId: string; amount: bigint };

describe.skipIf(!usesPostgres())('ledger invariants on PostgreSQL', () => {
  let database: TestDatabase | undefined;
  let pool: Database | undefined;
  const userIds: string[] = [];

  const openSeedDatabase = async (seed: number) => {
    const fresh = await whileServerFull(() => createTestDatabase());
    database = fresh;
    if (!fresh.connectionString) throw new Error('needs PostgreSQL');
    pool = await openDatabase({ kind: 'postgres', connectionString: fresh.connectionString, poolSize: CONNECTIONS });
    const [partner] = await fresh.db.select().from(partners).limit(1);
    if (!partner) throw new Error('no partner seeded');
    const rows = await fresh.db
      .insert(users)
      .values(
        Array.from({ length: USERS }, (_, index) => ({
          email: `ledger-${seed}-${index}@example.at`,
          partnerId: partner.partnerId,
        })),
      )
      .returning({ id: users.id });
    userIds.length = 0;
    userIds.push(...rows.map((row) => row.id));
    return { database: fresh, pool };
  };

  afterEach(async () => {
    await pool?.close();
    await database?.close();
    pool = undefined;
    database = undefined;
  });

  it.each(seeds)(
    'seed %i: keeps every posting balanced, no balance negative, every key and hold effective once',
    async (seed) => {
      const { database, pool } = await openSeedDatabase(seed);
      const started = Date.now();
      const random = mulberry32(seed);
      const pick = <T>(items: T[]): T | undefined => items[Math.floor(random() * items.length)];
      const amountUpTo = (max: number) => BigInt(1 + Math.floor(random() * max));
      const db = pool.db;

      const issued: Issued[] = [];
      const successes = new Map<string, Issued>();
      const holds: { holdId: string; userId: string; amount: bigint }[] = [];
      const outcomes = { posted: 0, voided: 0, alreadyResolved: 0 };
      const counts = { refused: 0, duplicates: 0, keyReuseRefused: 0, deadlockRetries: 0, connectionRetries: 0 };
      /** Net cash (available + held) each user must end with, from the operations that succeeded. */
      const expectedCash = new Map<string, bigint>();
      const addCash = (userId: string, amount: bigint) =>
        expectedCash.set(userId, (expectedCash.get(userId) ?? 0n) + amount);

      const inTransaction = async <T>(work: (tx: typeof db) => Promise<T>): Promise<T> => {
        for (;;) {
          try {
            return await db.transaction(work);
          } catch (error) {
            const code = pgErrorCode(error);
            if (code === '40P01' || code === '40001') {
              counts.deadlockRetries += 1;
              continue;
            }
            if (code === SERVER_FULL) {
              // No connection to be had (other work on a shared server): nothing ran, try again.
              counts.connectionRetries += 1;
              await sleep(250);
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
      // Issue 39: this workload moves cash only, so no share book may have moved without the register.
      const violations = [...(await ledgerViolations(database.db)), ...(await registerLedgerViolations(database.db))];
      const count = async (query: ReturnType<typeof sql>) =>
        Number((await queryRows<{ count: string }>(database.db, query))[0]?.count);
      const differ = (label: string, actual: unknown, expected: unknown) => {
        if (actual !== expected) violations.push(`${label}: ${String(actual)}, expected ${String(expected)}`);
      };
      // No key moved money twice: one posting per successful key, none for refused ones.
      differ(
        'postings of the issued keys',
        await count(
          sql`SELECT count(*)::text AS count FROM ledger_postings WHERE idempotency_key ~ '^(payin|payout|hold):[0-9]+$'`,
        ),
        successes.size,
      );
      // Every hold resolved exactly once, by one posting.
      differ(
        'holds still pending',
        await count(sql`SELECT count(*)::text AS count FROM ledger_holds WHERE status = 'pending'`),
        0,
      );
      differ(
        'hold resolutions',
        await count(
          sql`SELECT count(*)::text AS count FROM ledger_postings WHERE idempotency_key LIKE 'hold:%:posted' OR idempotency_key LIKE 'hold:%:voided'`,
        ),
        holds.length,
      );
      differ('holds posted or voided by this run', outcomes.posted + outcomes.voided, holds.length);
      // Each user's cash equals what the successful operations say.
      const balances = await queryRows<{ user_id: string; total: string }>(
        database.db,
        sql`SELECT user_id::text AS user_id, sum(balance)::text AS total FROM ledger_accounts
        WHERE kind IN ('user_cash', 'user_cash_held') GROUP BY user_id`,
      );
      for (const row of balances)
        differ(`cash of user ${row.user_id}`, BigInt(row.total), expectedCash.get(row.user_id) ?? 0n);
      differ(
        'cash still held',
        await count(
          sql`SELECT coalesce(sum(balance), 0)::text AS count FROM ledger_accounts WHERE kind = 'user_cash_held'`,
        ),
        0,
      );
      if (REPORT) appendFileSync(REPORT, `${JSON.stringify({ seed, seconds, violations })}\n`);
      expect(violations, `seed ${seed}`).toEqual([]);
    },
    180_000,
  );
});
