import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { assets } from './assets.js';
import { users } from './auth.js';
import { transactions } from './payments.js';
import { signingRequests } from './security-app.js';

export const reinvestmentMandateStatuses = ['pending', 'active', 'rejected', 'expired', 'revoked'] as const;
export type ReinvestmentMandateStatus = (typeof reinvestmentMandateStatuses)[number];

/**
 * A standing mandate to reinvest an asset's distributions into the same asset (issue 22, ADR
 * 0034): signed once in the security app (signing request of kind `mandate`), active until the
 * investor revokes it. At most one pending or active mandate per investor and asset.
 */
export const reinvestmentMandates = pgTable(
  'reinvestment_mandates',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    assetId: text('asset_id')
      .notNull()
      .references(() => assets.id),
    /** The highest price per share the mandate pays (signed with it). */
    maxPricePerShareCents: bigint('max_price_per_share_cents', { mode: 'bigint' }).notNull(),
    /** The investor confirmed the appropriateness warning for this asset with the mandate (ADR 0034). */
    acknowledgedAppropriateness: boolean('acknowledged_appropriateness').notNull().default(false),
    status: text('status', { enum: reinvestmentMandateStatuses }).notNull().default('pending'),
    signingRequestId: uuid('signing_request_id')
      .notNull()
      .references(() => signingRequests.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    activatedAt: timestamp('activated_at', { withTimezone: true }),
    endedAt: timestamp('ended_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('reinvestment_mandates_open_key')
      .on(t.userId, t.assetId)
      .where(sql`${t.status} IN ('pending', 'active')`),
    uniqueIndex('reinvestment_mandates_signing_request_key').on(t.signingRequestId),
    check('reinvestment_mandates_price_positive', sql`${t.maxPricePerShareCents} > 0`),
  ],
);

export const reinvestmentOutcomes = ['bought', 'skipped'] as const;

/**
 * What the mandate did with one distribution payment (one per payment transaction: the job's
 * idempotency). `bought`: whole shares bought for at most the net amount, the remainder stays as
 * cash; `skipped`: nothing bought, `reason` says why (an error code).
 */
export const reinvestments = pgTable(
  'reinvestments',
  {
    distributionTransactionId: uuid('distribution_transaction_id')
      .primaryKey()
      .references(() => transactions.id),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    assetId: text('asset_id')
      .notNull()
      .references(() => assets.id),
    mandateId: uuid('mandate_id').references(() => reinvestmentMandates.id),
    outcome: text('outcome', { enum: reinvestmentOutcomes }).notNull(),
    reason: text('reason'),
    netCents: bigint('net_cents', { mode: 'bigint' }).notNull(),
    shares: integer('shares').notNull().default(0),
    spentCents: bigint('spent_cents', { mode: 'bigint' }).notNull().default(sql`0`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('reinvestments_user_asset_idx').on(t.userId, t.assetId, t.createdAt),
    check('reinvestments_spent_within_net', sql`${t.spentCents} >= 0 AND ${t.spentCents} <= ${t.netCents}`),
  ],
);
