import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './auth.js';
import { distributionRuns } from './distributions.js';
import { ledgerHolds } from './ledger.js';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

/** Spec section 3, enumerations: Transaction type, status and method. */
export const TRANSACTION_TYPES = ['buy', 'sell', 'charge', 'payout', 'rent', 'bonus', 'financing'] as const;
export const TRANSACTION_STATUSES = [
  'init',
  'pending',
  'reserved',
  'charged',
  'success',
  'canceled',
  'canceledOffer',
  'refund',
  'error',
] as const;
export const TRANSACTION_METHODS = [
  'applePay',
  'googlePay',
  'creditCard',
  'debitCard',
  'directDebit',
  'bankWire',
  'transfer',
  'account',
] as const;
export type TaxLine = { taxType: 'KapESt' | 'KESt' | 'Kirchensteuer' | 'Soli'; amountCents: string };

/** The user's wallet at the payment service provider: personal IBAN and BIC (spec section 1, 2). */
export const paymentAccounts = pgTable(
  'payment_accounts',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id),
    providerWalletId: text('provider_wallet_id').notNull(),
    iban: text('iban').notNull(),
    bic: text('bic').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('payment_accounts_iban_key').on(t.iban),
    uniqueIndex('payment_accounts_wallet_key').on(t.providerWalletId),
  ],
);

/** Verified payout accounts (spec section 5): proved by a transfer of ≥ 1 cent in the user's name. */
export const payoutAccounts = pgTable(
  'payout_accounts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    iban: text('iban').notNull(),
    owner: text('owner').notNull(),
    verifiedByTransactionId: uuid('verified_by_transaction_id'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('payout_accounts_user_iban_key').on(t.userId, t.iban)],
);

/**
 * Spec section 3, Transaction: the business view; the ledger postings (`transaction_id`) are the
 * books underneath it.
 */
export const transactions = pgTable(
  'transactions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    assetId: text('asset_id'),
    type: text('type', { enum: TRANSACTION_TYPES }).notNull(),
    status: text('status', { enum: TRANSACTION_STATUSES }).notNull(),
    method: text('method', { enum: TRANSACTION_METHODS }).notNull(),
    amountCents: bigint('amount_cents', { mode: 'bigint' }).notNull(),
    feeCents: bigint('fee_cents', { mode: 'bigint' }).notNull().default(sql`0`),
    bonusCents: bigint('bonus_cents', { mode: 'bigint' }).notNull().default(sql`0`),
    sender: text('sender'),
    /** The sender's IBAN of an incoming transfer (payout-account proof, spec section 5). */
    senderIban: text('sender_iban'),
    receiver: text('receiver'),
    paymentInformation: text('payment_information'),
    payoutAccountId: uuid('payout_account_id').references(() => payoutAccounts.id),
    taxLines: jsonb('tax_lines').$type<TaxLine[]>().notNull().default(sql`'[]'::jsonb`),
    fiscalPeriod: text('fiscal_period'),
    /** The provider's id of the transfer or payout; one business transaction per provider event. */
    providerReference: text('provider_reference'),
    holdId: uuid('hold_id').references(() => ledgerHolds.id),
    /** The distribution run that paid this `rent` transaction (issue 22); one payment per holder and run. */
    distributionRunId: uuid('distribution_run_id').references(() => distributionRuns.id),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('transactions_user_idx').on(t.userId, t.createdAt),
    uniqueIndex('transactions_provider_reference_key').on(t.providerReference),
    uniqueIndex('transactions_distribution_run_user_key')
      .on(t.distributionRunId, t.userId)
      .where(sql`${t.distributionRunId} IS NOT NULL`),
    check('transactions_amount_non_negative', sql`${t.amountCents} >= 0`),
  ],
);

/** The SMS code of a payout, bound to amount, payee IBAN and transaction (spec section 5). */
export const payoutChallenges = pgTable('payout_challenges', {
  transactionId: uuid('transaction_id')
    .primaryKey()
    .references(() => transactions.id),
  codeHash: text('code_hash').notNull(),
  amountCents: bigint('amount_cents', { mode: 'bigint' }).notNull(),
  payeeIban: text('payee_iban').notNull(),
  failedAttempts: integer('failed_attempts').notNull().default(0),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
  createdAt: createdAt(),
});

/** Provider webhook events already applied: a replay changes nothing. */
export const pspWebhookEvents = pgTable('psp_webhook_events', {
  eventId: text('event_id').primaryKey(),
  type: text('type').notNull(),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
});

/** The sandbox payment provider's own books: its wallets (the real provider keeps these). */
export const pspSandboxWallets = pgTable(
  'psp_sandbox_wallets',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    walletId: text('wallet_id').notNull(),
    externalRef: text('external_ref').notNull(),
    iban: text('iban').notNull(),
    bic: text('bic').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('psp_sandbox_wallets_wallet_key').on(t.walletId),
    uniqueIndex('psp_sandbox_wallets_external_ref_key').on(t.externalRef),
    uniqueIndex('psp_sandbox_wallets_iban_key').on(t.iban),
  ],
);

/** The sandbox provider's payouts, unique by our payout id (its idempotency key). */
export const pspSandboxPayouts = pgTable('psp_sandbox_payouts', {
  payoutId: text('payout_id').primaryKey(),
  amountCents: bigint('amount_cents', { mode: 'bigint' }).notNull(),
  iban: text('iban').notNull(),
  outcome: text('outcome', { enum: ['succeeded', 'failed'] }).notNull(),
  createdAt: createdAt(),
});

/**
 * The sandbox provider's outgoing webhooks, durable (issue 18): a crash between a payout and its
 * webhook loses nothing; any node delivers what is due. Delivered or given-up rows stay as history.
 */
export const pspSandboxWebhooks = pgTable(
  'psp_sandbox_webhooks',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    event: jsonb('event').notNull(),
    dueAt: timestamp('due_at', { withTimezone: true }).notNull(),
    attempts: integer('attempts').notNull().default(0),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    givenUpAt: timestamp('given_up_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('psp_sandbox_webhooks_due_idx').on(t.dueAt).where(sql`delivered_at IS NULL AND given_up_at IS NULL`)],
);
