import { sql } from 'drizzle-orm';
import { bigint, check, date, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { assets } from './assets.js';

const cents = (name: string) => bigint(name, { mode: 'bigint' });

/**
 * One distribution of an asset's income for one period (issue 22, ADR 0025): at most one per asset
 * and period (the unique index makes a second run pay nothing). The run's single balanced posting
 * moves `asset_income:<asset>` to the holders' cash, the tax liability books and the issuer's part
 * of the shares nobody holds; each holder's payment is a `rent` transaction carrying
 * `distribution_run_id`.
 */
export const distributionRuns = pgTable(
  'distribution_runs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    assetId: text('asset_id')
      .notNull()
      .references(() => assets.id),
    /** `2026-03`, `2026-Q1` or `2026` (packages/domain distributions/periods.ts). */
    periodKey: text('period_key').notNull(),
    periodStart: date('period_start', { mode: 'string' }).notNull(),
    periodEnd: date('period_end', { mode: 'string' }).notNull(),
    /** Holdings are taken from the ledger as they stood at the end of this day (UTC). */
    recordDate: date('record_date', { mode: 'string' }).notNull(),
    incomeCents: cents('income_cents').notNull(),
    /** The part of the income recorded for earlier, already paid periods (issue 35, carried over). */
    carriedIncomeCents: cents('carried_income_cents').notNull().default(sql`0`),
    /** Gross paid to investors (their net plus the tax withheld from them). */
    investorsGrossCents: cents('investors_gross_cents').notNull(),
    taxCents: cents('tax_cents').notNull(),
    /** The part of the shares still with the issuer, returned to `issuer_cash:<asset>`. */
    issuerCents: cents('issuer_cents').notNull(),
    holders: integer('holders').notNull(),
    postingId: bigint('posting_id', { mode: 'bigint' }),
    /** Staff id or `system:<name>` (ADR 0019 actors). */
    createdBy: text('created_by').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('distribution_runs_asset_period_key').on(t.assetId, t.periodKey),
    index('distribution_runs_created_idx').on(t.createdAt),
    check('distribution_runs_income_positive', sql`${t.incomeCents} > 0`),
    check(
      'distribution_runs_sums',
      sql`${t.investorsGrossCents} + ${t.issuerCents} = ${t.incomeCents} AND ${t.taxCents} <= ${t.investorsGrossCents}`,
    ),
  ],
);

/**
 * A distribution run waiting for approval (issue 35, ADR 0025 addendum): the scheduler proposes each
 * due period of an asset after it ends (`proposed`, by `system:distribution-scheduler`); an operator
 * submits it (or proposes it and so submits it at once); a second person approves it, which runs the
 * distribution in the same transaction (`approved`, `run_id`), or declines it. Nothing pays without
 * an approval. One open or approved proposal per asset and period; a declined one may be proposed
 * again.
 */
export const distributionProposals = pgTable(
  'distribution_proposals',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    assetId: text('asset_id')
      .notNull()
      .references(() => assets.id),
    periodKey: text('period_key').notNull(),
    periodStart: date('period_start', { mode: 'string' }).notNull(),
    periodEnd: date('period_end', { mode: 'string' }).notNull(),
    recordDate: date('record_date', { mode: 'string' }).notNull(),
    status: text('status', { enum: ['proposed', 'submitted', 'approved', 'declined'] })
      .notNull()
      .default('proposed'),
    /** Staff id or `system:<name>` (ADR 0019 actors), as for the runs. */
    proposedBy: text('proposed_by').notNull(),
    proposedAt: timestamp('proposed_at', { withTimezone: true }).notNull().defaultNow(),
    submittedBy: text('submitted_by'),
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
    decidedBy: text('decided_by'),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    declineReason: text('decline_reason'),
    runId: uuid('run_id').references(() => distributionRuns.id),
  },
  (t) => [
    uniqueIndex('distribution_proposals_open_key').on(t.assetId, t.periodKey).where(sql`${t.status} <> 'declined'`),
    index('distribution_proposals_status_idx').on(t.status, t.proposedAt),
    check('distribution_proposals_approved_run', sql`(${t.status} = 'approved') = (${t.runId} IS NOT NULL)`),
  ],
);
