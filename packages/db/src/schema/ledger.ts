import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  index,
  jsonb,
  pgTable,
  pgView,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './auth.js';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

/** Every kind of book the ledger keeps (architecture: money, shares and the ledger; ADR 0005). */
export const LEDGER_ACCOUNT_KINDS = [
  'user_cash',
  'user_cash_held',
  'user_shares',
  'user_shares_held',
  'psp_clearing',
  'issuer_cash',
  'issuer_shares',
  'platform_fees',
  'bonuses',
  'asset_income',
  'corrections',
  'tax_liability',
  'outside_holders',
] as const;
export type LedgerAccountKind = (typeof LEDGER_ACCOUNT_KINDS)[number];

/**
 * One book per owner and unit. `balance` is kept by a database trigger from the entries, in the
 * same transaction, and may not go below zero unless the account mirrors an outside party
 * (the payment provider's clearing account, an issuer's share source). House books (every kind
 * not `user_*`) are `sharded`: their balance lives in `ledger_balance_shards` and this column
 * stays 0 (ADR 0017); read balances through `ledgerAccountBalances`.
 */
export const ledgerAccounts = pgTable(
  'ledger_accounts',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    /** Unique name: `user_cash:<userId>`, `user_shares:<userId>:<assetId>`, `psp_clearing`, `issuer_cash:<assetId>` … */
    accountKey: text('account_key').notNull(),
    kind: text('kind', { enum: LEDGER_ACCOUNT_KINDS }).notNull(),
    userId: uuid('user_id').references(() => users.id),
    assetId: text('asset_id'),
    /** 'EUR' (cents) or the asset id (shares). */
    unit: text('unit').notNull(),
    balance: bigint('balance', { mode: 'bigint' }).notNull().default(sql`0`),
    mayGoNegative: boolean('may_go_negative').notNull().default(false),
    sharded: boolean('sharded').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('ledger_accounts_account_key_key').on(t.accountKey),
    check('ledger_accounts_only_house_books_sharded', sql`NOT ${t.sharded} OR ${t.kind} NOT LIKE 'user_%'`),
    check('ledger_accounts_sharded_balance_in_shards', sql`NOT ${t.sharded} OR ${t.balance} = 0`),
    index('ledger_accounts_user_idx').on(t.userId),
    /** The share books of an asset: a distribution reads every holder's (issue 22). */
    index('ledger_accounts_asset_idx').on(t.assetId, t.kind).where(sql`${t.assetId} IS NOT NULL`),
    check('ledger_accounts_balance_non_negative', sql`${t.balance} >= 0 OR ${t.mayGoNegative}`),
    check(
      'ledger_accounts_negative_only_external',
      sql`NOT ${t.mayGoNegative} OR ${t.kind} IN ('psp_clearing', 'issuer_shares', 'bonuses', 'corrections')`,
    ),
    check('ledger_accounts_user_kinds_have_user', sql`(${t.kind} LIKE 'user_%') = (${t.userId} IS NOT NULL)`),
  ],
);

/** How many counter rows a house book's balance may be spread over (ADR 0017). */
export const LEDGER_BALANCE_SHARDS = 32;

/**
 * The balance of a house book, spread over up to LEDGER_BALANCE_SHARDS counter rows so that
 * concurrent postings do not queue on one row (ADR 0017). A posting's trigger adds a credit (or
 * any amount of a book that may go negative) to the shard of its database session; a debit of a
 * book with a floor locks all its shards and takes from them in order. Every shard row keeps the
 * floor itself, so the sum never goes below zero either.
 */
export const ledgerBalanceShards = pgTable(
  'ledger_balance_shards',
  {
    accountId: bigint('account_id', { mode: 'bigint' })
      .notNull()
      .references(() => ledgerAccounts.id),
    shard: smallint('shard').notNull(),
    balance: bigint('balance', { mode: 'bigint' }).notNull().default(sql`0`),
    mayGoNegative: boolean('may_go_negative').notNull().default(false),
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.shard] }),
    check('ledger_balance_shards_non_negative', sql`${t.balance} >= 0 OR ${t.mayGoNegative}`),
    check('ledger_balance_shards_shard_range', sql`${t.shard} >= 0 AND ${t.shard} < 32`),
  ],
);

/** Every book with its balance: the row's own for user books, the sum of the shards for house books. */
export const ledgerAccountBalances = pgView('ledger_account_balances', {
  id: bigint('id', { mode: 'bigint' }).notNull(),
  accountKey: text('account_key').notNull(),
  kind: text('kind', { enum: LEDGER_ACCOUNT_KINDS }).notNull(),
  userId: uuid('user_id'),
  assetId: text('asset_id'),
  unit: text('unit').notNull(),
  mayGoNegative: boolean('may_go_negative').notNull(),
  balance: bigint('balance', { mode: 'bigint' }).notNull(),
}).existing();

/** One balanced movement; immutable (a trigger refuses UPDATE and DELETE). */
export const ledgerPostings = pgTable(
  'ledger_postings',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    kind: text('kind').notNull(),
    idempotencyKey: text('idempotency_key').notNull(),
    /** SHA-256 of the request that created it: the same key with another request is refused. */
    requestHash: text('request_hash').notNull(),
    /** The business transaction (spec section 3, Transaction) this posting belongs to. */
    transactionId: uuid('transaction_id'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('ledger_postings_idempotency_key_key').on(t.idempotencyKey),
    index('ledger_postings_transaction_idx').on(t.transactionId),
  ],
);

/** The legs of a posting; per posting and unit they sum to zero (deferred constraint trigger). */
export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    postingId: bigint('posting_id', { mode: 'bigint' })
      .notNull()
      .references(() => ledgerPostings.id),
    accountId: bigint('account_id', { mode: 'bigint' })
      .notNull()
      .references(() => ledgerAccounts.id),
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    unit: text('unit').notNull(),
  },
  (t) => [
    index('ledger_entries_posting_idx').on(t.postingId),
    index('ledger_entries_account_idx').on(t.accountId),
    check('ledger_entries_amount_not_zero', sql`${t.amount} <> 0`),
  ],
);

export const LEDGER_HOLD_STATUSES = ['pending', 'posted', 'voided'] as const;
export type LedgerHoldStatus = (typeof LEDGER_HOLD_STATUSES)[number];

/**
 * A reservation: the amount already sits on the owner's *_held account; it resolves exactly once,
 * to a destination (posted) or back (voided).
 */
export const ledgerHolds = pgTable(
  'ledger_holds',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    status: text('status', { enum: LEDGER_HOLD_STATUSES }).notNull().default('pending'),
    sourceAccountId: bigint('source_account_id', { mode: 'bigint' })
      .notNull()
      .references(() => ledgerAccounts.id),
    heldAccountId: bigint('held_account_id', { mode: 'bigint' })
      .notNull()
      .references(() => ledgerAccounts.id),
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    unit: text('unit').notNull(),
    holdPostingId: bigint('hold_posting_id', { mode: 'bigint' })
      .notNull()
      .references(() => ledgerPostings.id),
    resolvePostingId: bigint('resolve_posting_id', { mode: 'bigint' }).references(() => ledgerPostings.id),
    transactionId: uuid('transaction_id'),
    createdAt: createdAt(),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('ledger_holds_hold_posting_key').on(t.holdPostingId),
    uniqueIndex('ledger_holds_resolve_posting_key').on(t.resolvePostingId),
    index('ledger_holds_pending_idx').on(t.status).where(sql`${t.status} = 'pending'`),
    check('ledger_holds_amount_positive', sql`${t.amount} > 0`),
    check('ledger_holds_resolution_matches_status', sql`(${t.status} = 'pending') = (${t.resolvePostingId} IS NULL)`),
  ],
);

/**
 * Idempotency of calls that move money: the first answer per (scope, key) is kept and returned on
 * a retry; the same key with another request is refused.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    scope: text('scope').notNull(),
    key: text('key').notNull(),
    requestHash: text('request_hash').notNull(),
    response: jsonb('response').$type<unknown>(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.scope, t.key] })],
);
