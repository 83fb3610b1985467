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
