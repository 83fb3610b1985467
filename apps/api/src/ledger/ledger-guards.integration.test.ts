import { ledgerAccountBalances, partners, queryRows, users } from '@bw/db';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isAppError } from '../lib/app-error.js';
import { createTestDatabase, type TestDatabase } from '../test/test-database.js';
import { balanceOf, hold, post } from './ledger.js';

/**
 * What the database itself guarantees of the books (ADR 0005, ADR 0017), whatever the code does:
 * a user book never goes below zero, a posting balances per unit, balances move only through
 * entries, house books keep their balance in shards that are summed on read.
 */
let database: TestDatabase;
let userId = '';
let seq = 0;
const key = (name: string) => {
  seq += 1;
  return `guards:${name}:${seq}`;
};

const refusal = async (work: Promise<unknown>): Promise<string> => {
  try {
    await work;
  } catch (error) {
    if (isAppError(error)) return error.code;
    const cause = (error as { cause?: { message?: string } }).cause;
    return cause?.message ?? (error as Error).message;
  }
  return 'accepted';
};

beforeAll(async () => {
  database = await createTestDatabase();
  const [partner] = await database.db.select().from(partners).limit(1);
  if (!partner) throw new Error('no partner seeded');
  const [user] = await database.db
    .insert(users)
    .values({ email: `guards-${Date.now()}@example.at`, partnerId: partner.partnerId })
    .returning({ id: users.id });
  userId = user?.id ?? '';
  await database.db.transaction((tx) =>
    post(tx, {
      key: key('pay-in'),
      kind: 'pay-in',
      legs: [
        { account: { kind: 'psp_clearing' }, amount: -1_000n },
        { account: { kind: 'user_cash', userId }, amount: 1_000n },
      ],
    }),
  );
});
afterAll(async () => database?.close());

describe('ledger guards in the database', () => {
  it('refuses to take a user book below zero and writes nothing', async () => {
    const code = await refusal(
      database.db.transaction((tx) =>
        post(tx, {
          key: key('overdraw'),
          kind: 'payout',
          legs: [
            { account: { kind: 'user_cash', userId }, amount: -1_001n },
            { account: { kind: 'psp_clearing' }, amount: 1_001n },
          ],
        }),
      ),
    );
    expect(code).toBe('LEDGER_INSUFFICIENT_BALANCE');
    expect(await balanceOf(database.db, { kind: 'user_cash', userId })).toBe(1_000n);
    expect(
      await refusal(
        database.db.transaction((tx) =>
          hold(tx, { key: key('hold'), account: { kind: 'user_cash', userId }, amount: 1_001n }),
        ),
      ),
    ).toBe('LEDGER_INSUFFICIENT_BALANCE');
  });

  it('refuses an unbalanced posting, a direct balance write and a direct shard write', async () => {
    const [book] = await database.db
      .select({ id: ledgerAccountBalances.id })
      .from(ledgerAccountBalances)
      .where(eq(ledgerAccountBalances.accountKey, `user_cash:${userId}`));
    const bookId = String(book?.id);
    expect(
      await refusal(
        database.db.transaction(async (tx) => {
          const [posting] = await queryRows<{ id: string }>(
            tx,
            sql`INSERT INTO ledger_postings (kind, idempotency_key, request_hash) VALUES ('test', ${key('raw')}, 'x') RETURNING id::text AS id`,
          );
          await tx.execute(
            sql`INSERT INTO ledger_entries (posting_id, account_id, amount, unit) VALUES (${posting?.id}::bigint, ${bookId}::bigint, 5, 'EUR')`,
          );
        }),
      ),
    ).toMatch(/does not balance/);
    expect(
      await refusal(
        database.db.execute(sql`UPDATE ledger_accounts SET balance = balance + 1 WHERE id = ${bookId}::bigint`),
      ),
    ).toMatch(/only through entries/);
    const [shard] = await queryRows<{ account_id: string }>(
      database.db,
      sql`SELECT account_id::text FROM ledger_balance_shards LIMIT 1`,
    );
    expect(shard).toBeDefined();
    expect(
      await refusal(
        database.db.execute(
          sql`UPDATE ledger_balance_shards SET balance = balance + 1 WHERE account_id = ${shard?.account_id}::bigint`,
        ),
      ),
    ).toMatch(/only through entries/);
    expect(await balanceOf(database.db, { kind: 'user_cash', userId })).toBe(1_000n);
  });

  it('refuses every other direct write of a balance, a wrong unit, and a later unbalanced addition to a posting (ADR 0048)', async () => {
    const [book] = await queryRows<{ id: string }>(
      database.db,
      sql`SELECT id::text FROM ledger_accounts WHERE account_key = ${`user_cash:${userId}`}`,
    );
    const [shard] = await queryRows<{ account_id: string; shard: number }>(
      database.db,
      sql`SELECT account_id::text, shard FROM ledger_balance_shards LIMIT 1`,
    );
    expect(
      await refusal(
        database.db.execute(
          sql`INSERT INTO ledger_accounts (account_key, kind, unit, balance) VALUES (${key('forged')}, 'psp_clearing', 'EUR', 500)`,
        ),
      ),
    ).toMatch(/only through entries/);
    expect(
      await refusal(
        database.db.execute(
          sql`INSERT INTO ledger_balance_shards (account_id, shard, balance) VALUES (${shard?.account_id}::bigint, ${((shard?.shard ?? 0) + 1) % 32}, 500)
            ON CONFLICT (account_id, shard) DO UPDATE SET balance = ledger_balance_shards.balance + 500`,
        ),
      ),
    ).toMatch(/only through entries/);
    expect(
      await refusal(
        database.db.execute(sql`DELETE FROM ledger_balance_shards WHERE account_id = ${shard?.account_id}::bigint`),
      ),
    ).toMatch(/never deleted/);
    const posting = async (tx: Parameters<Parameters<typeof database.db.transaction>[0]>[0]) =>
      (
        await queryRows<{ id: string }>(
          tx,
          sql`INSERT INTO ledger_postings (kind, idempotency_key, request_hash) VALUES ('test', ${key('raw')}, 'x') RETURNING id::text AS id`,
        )
      )[0]?.id;
    expect(
      await refusal(
        database.db.transaction(async (tx) => {
          const id = await posting(tx);
          await tx.execute(
            sql`INSERT INTO ledger_entries (posting_id, account_id, amount, unit) VALUES (${id}::bigint, ${book?.id}::bigint, -5, 'shares'), (${id}::bigint, ${book?.id}::bigint, 5, 'shares')`,
          );
        }),
      ),
    ).toMatch(/does not match account unit/);
    // Balanced on its own, then an unbalanced addition by a second statement: the second is refused.
    expect(
      await refusal(
        database.db.transaction(async (tx) => {
          const id = await posting(tx);
          await tx.execute(
            sql`INSERT INTO ledger_entries (posting_id, account_id, amount, unit) VALUES (${id}::bigint, ${book?.id}::bigint, -5, 'EUR'), (${id}::bigint, ${book?.id}::bigint, 5, 'EUR')`,
          );
          await tx.execute(
            sql`INSERT INTO ledger_entries (posting_id, account_id, amount, unit) VALUES (${id}::bigint, ${book?.id}::bigint, 5, 'EUR')`,
          );
        }),
      ),
    ).toMatch(/does not balance/);
    expect(await balanceOf(database.db, { kind: 'user_cash', userId })).toBe(1_000n);
  });

  it('keeps a house book in shards, summed on read, and a floored house book from going below zero', async () => {
    const before = await balanceOf(database.db, { kind: 'platform_fees' });
    await database.db.transaction((tx) =>
      post(tx, {
        key: key('fee'),
        kind: 'fee',
        legs: [
          { account: { kind: 'user_cash', userId }, amount: -300n },
          { account: { kind: 'platform_fees' }, amount: 300n },
        ],
      }),
    );
    const after = await balanceOf(database.db, { kind: 'platform_fees' });
    expect(after - before).toBe(300n);
    const [row] = await queryRows<{ balance: string }>(
      database.db,
      sql`SELECT balance::text FROM ledger_accounts WHERE account_key = 'platform_fees'`,
    );
    expect(row?.balance).toBe('0');
    expect(
      await refusal(
        database.db.transaction((tx) =>
          post(tx, {
            key: key('refund'),
            kind: 'refund',
            legs: [
              { account: { kind: 'platform_fees' }, amount: -(after + 1n) },
              { account: { kind: 'user_cash', userId }, amount: after + 1n },
            ],
          }),
        ),
      ),
    ).toBe('LEDGER_INSUFFICIENT_BALANCE');
    await database.db.transaction((tx) =>
      post(tx, {
        key: key('refund'),
        kind: 'refund',
        legs: [
          { account: { kind: 'platform_fees' }, amount: -after },
          { account: { kind: 'user_cash', userId }, amount: after },
        ],
      }),
    );
    expect(await balanceOf(database.db, { kind: 'platform_fees' })).toBe(0n);
  });
});
