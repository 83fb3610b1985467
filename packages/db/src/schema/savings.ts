import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { assets } from './assets.js';
import { users } from './auth.js';
import { signingRequests } from './security-app.js';

/**
 * `pending`: waiting for the signature in the security app; `active`: executes monthly; `paused`:
 * signed, executes nothing until resumed; `ended` by the investor, `replaced` by a signed change;
 * `rejected`/`expired`: never signed.
 */
export const savingsPlanStatuses = ['pending', 'active', 'paused', 'ended', 'replaced', 'rejected', 'expired'] as const;
export type SavingsPlanStatus = (typeof savingsPlanStatuses)[number];

/**
 * A savings plan (Sparplan, issue 40, ADR 0045): a monthly amount on a day of the month, split over
 * assets by whole percentages, signed once in the security app (signing request of kind
 * `savingsPlan`) with the whole standing order. A change is a new plan that replaces this one when
 * its own signature arrives.
 */
export const savingsPlans = pgTable(
  'savings_plans',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    amountCents: bigint('amount_cents', { mode: 'bigint' }).notNull(),
    dayOfMonth: integer('day_of_month').notNull(),
    /** The appropriateness warning confirmed once with the signed plan (every asset). */
    acknowledgedAppropriateness: boolean('acknowledged_appropriateness').notNull().default(false),
    /** The 5,000 € confirmation given once with the signed plan. */
    accepted5kLimit: boolean('accepted_5k_limit').notNull().default(false),
    status: text('status', { enum: savingsPlanStatuses }).notNull().default('pending'),
    signingRequestId: uuid('signing_request_id')
      .notNull()
      .references(() => signingRequests.id),
    /** The plan this one changes: ended as `replaced` when this one is signed. */
    replacesPlanId: uuid('replaces_plan_id').references((): AnyPgColumn => savingsPlans.id),
    /** The last month the replaced plan executed in (`YYYY-MM`): this plan does not execute in it again. */
    carriedMonth: text('carried_month'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    activatedAt: timestamp('activated_at', { withTimezone: true }),
    endedAt: timestamp('ended_at', { withTimezone: true }),
  },
  (t) => [
    index('savings_plans_user_idx').on(t.userId, t.createdAt),
    index('savings_plans_due_idx').on(t.dayOfMonth).where(sql`${t.status} = 'active'`),
    uniqueIndex('savings_plans_signing_request_key').on(t.signingRequestId),
    check('savings_plans_amount_min', sql`${t.amountCents} >= 2500`),
    check('savings_plans_day_range', sql`${t.dayOfMonth} BETWEEN 1 AND 28`),
  ],
);

/** The split of a plan: whole percentages adding up to 100 (checked by the domain before insert). */
export const savingsPlanAssets = pgTable(
  'savings_plan_assets',
  {
    planId: uuid('plan_id')
      .notNull()
      .references(() => savingsPlans.id, { onDelete: 'cascade' }),
    assetId: text('asset_id')
      .notNull()
      .references(() => assets.id),
    position: integer('position').notNull(),
    percent: integer('percent').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.planId, t.assetId] }),
    check('savings_plan_assets_percent_range', sql`${t.percent} BETWEEN 1 AND 100`),
  ],
);

/**
 * One execution of a plan in a month (the job's idempotency: the primary key). `spent_cents` is
 * what the purchases cost with fees, never more than the amount.
 */
export const savingsPlanRuns = pgTable(
  'savings_plan_runs',
  {
    planId: uuid('plan_id')
      .notNull()
      .references(() => savingsPlans.id, { onDelete: 'cascade' }),
    month: text('month').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    amountCents: bigint('amount_cents', { mode: 'bigint' }).notNull(),
    spentCents: bigint('spent_cents', { mode: 'bigint' }).notNull().default(sql`0`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.planId, t.month] }),
    index('savings_plan_runs_user_idx').on(t.userId, t.createdAt),
    check('savings_plan_runs_spent_within_amount', sql`${t.spentCents} >= 0 AND ${t.spentCents} <= ${t.amountCents}`),
  ],
);

export const savingsExecutionOutcomes = ['bought', 'skipped'] as const;

/** What one execution did for one asset: bought whole shares within its budget, or skipped and why. */
export const savingsPlanExecutions = pgTable(
  'savings_plan_executions',
  {
    planId: uuid('plan_id')
      .notNull()
      .references(() => savingsPlans.id, { onDelete: 'cascade' }),
    month: text('month').notNull(),
    assetId: text('asset_id')
      .notNull()
      .references(() => assets.id),
    outcome: text('outcome', { enum: savingsExecutionOutcomes }).notNull(),
    /** An error code (skipped only). */
    reason: text('reason'),
    budgetCents: bigint('budget_cents', { mode: 'bigint' }).notNull(),
    shares: integer('shares').notNull().default(0),
    spentCents: bigint('spent_cents', { mode: 'bigint' }).notNull().default(sql`0`),
  },
  (t) => [
    primaryKey({ columns: [t.planId, t.month, t.assetId] }),
    check(
      'savings_plan_executions_spent_within_budget',
      sql`${t.spentCents} >= 0 AND ${t.spentCents} <= ${t.budgetCents}`,
    ),
  ],
);

export const investorAlertKinds = ['price', 'offer', 'financing'] as const;
export type InvestorAlertKind = (typeof investorAlertKinds)[number];

/**
 * An investor's alert (issue 40): `price` — the last price of `assetId` crosses `priceCents`
 * (`direction` above or below); `offer` — a public sell offer on `assetId` at or below
 * `priceCents` appears; `financing` — a financing phase opens for an asset matching `filters`.
 * At most one notification per alert per hour (`last_notified_at`).
 */
export const investorAlerts = pgTable(
  'investor_alerts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: investorAlertKinds }).notNull(),
    assetId: text('asset_id').references(() => assets.id),
    priceCents: bigint('price_cents', { mode: 'bigint' }),
    direction: text('direction', { enum: ['above', 'below'] }),
    /** Financing alerts: `{ securityTypes?, objectTypes?, countryCodes? }`. */
    filters: jsonb('filters').$type<{ securityTypes?: string[]; objectTypes?: string[]; countryCodes?: string[] }>(),
    /** Price alerts: the last price seen, to tell a crossing. */
    lastSeenPriceCents: bigint('last_seen_price_cents', { mode: 'bigint' }),
    lastNotifiedAt: timestamp('last_notified_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('investor_alerts_user_idx').on(t.userId), index('investor_alerts_kind_idx').on(t.kind, t.assetId)],
);

/** What an alert was already about (an offer, a financing phase): each once. */
export const investorAlertHits = pgTable(
  'investor_alert_hits',
  {
    alertId: uuid('alert_id')
      .notNull()
      .references(() => investorAlerts.id, { onDelete: 'cascade' }),
    subject: text('subject').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.alertId, t.subject] })],
);

/**
 * An auto-invest mandate (issue 40, ADR 0052): rules and a monthly budget, signed once in the
 * security app (signing request of kind `autoInvest`) with the whole mandate. Statuses as a savings
 * plan's; a change is a new mandate that replaces this one when its own signature arrives. At most
 * one open (active or paused) mandate per investor.
 */
export const autoInvestMandates = pgTable(
  'auto_invest_mandates',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    budgetCents: bigint('budget_cents', { mode: 'bigint' }).notNull(),
    /** Empty: every object type. */
    objectTypes: jsonb('object_types').$type<string[]>().notNull(),
    /** Empty: every country. */
    countryCodes: jsonb('country_codes').$type<string[]>().notNull(),
    minYieldBps: integer('min_yield_bps').notNull(),
    maxPortfolioShareBps: integer('max_portfolio_share_bps').notNull(),
    maxDeviationBps: integer('max_deviation_bps').notNull(),
    /** `primary` and/or `secondary`. */
    markets: jsonb('markets').$type<string[]>().notNull(),
    acknowledgedAppropriateness: boolean('acknowledged_appropriateness').notNull().default(false),
    accepted5kLimit: boolean('accepted_5k_limit').notNull().default(false),
    status: text('status', { enum: savingsPlanStatuses }).notNull().default('pending'),
    signingRequestId: uuid('signing_request_id')
      .notNull()
      .references(() => signingRequests.id),
    replacesMandateId: uuid('replaces_mandate_id').references((): AnyPgColumn => autoInvestMandates.id),
    /** The rotation of ADR 0052: when this investor was last served a turn (null: never). */
    lastServedAt: timestamp('last_served_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    activatedAt: timestamp('activated_at', { withTimezone: true }),
    endedAt: timestamp('ended_at', { withTimezone: true }),
  },
  (t) => [
    index('auto_invest_mandates_user_idx').on(t.userId, t.createdAt),
    index('auto_invest_mandates_rotation_idx').on(t.lastServedAt, t.id).where(sql`${t.status} = 'active'`),
    uniqueIndex('auto_invest_mandates_signing_request_key').on(t.signingRequestId),
    uniqueIndex('auto_invest_mandates_one_open_key').on(t.userId).where(sql`${t.status} IN ('active', 'paused')`),
    check('auto_invest_mandates_budget_min', sql`${t.budgetCents} >= 2500`),
    check(
      'auto_invest_mandates_bps',
      sql`${t.minYieldBps} BETWEEN 0 AND 10000 AND ${t.maxPortfolioShareBps} BETWEEN 1 AND 10000 AND ${t.maxDeviationBps} BETWEEN 0 AND 2000`,
    ),
  ],
);

/**
 * What one mandate spent in one month (`YYYY-MM`): never more than its budget. The investor's budget
 * used in a month is the sum over their mandates (a signed change carries what the old one spent).
 */
export const autoInvestMonths = pgTable(
  'auto_invest_months',
  {
    mandateId: uuid('mandate_id')
      .notNull()
      .references(() => autoInvestMandates.id, { onDelete: 'cascade' }),
    month: text('month').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    budgetCents: bigint('budget_cents', { mode: 'bigint' }).notNull(),
    spentCents: bigint('spent_cents', { mode: 'bigint' }).notNull().default(sql`0`),
  },
  (t) => [
    primaryKey({ columns: [t.mandateId, t.month] }),
    index('auto_invest_months_user_idx').on(t.userId, t.month),
    check('auto_invest_months_spent_within_budget', sql`${t.spentCents} >= 0 AND ${t.spentCents} <= ${t.budgetCents}`),
  ],
);

export const autoInvestOutcomes = ['bought', 'refused'] as const;

/**
 * What auto-invest did for a mandate: a turn that bought whole shares, or a refusal with its reason
 * (an error code). A refusal is recorded once per mandate, month, asset and reason
 * (`auto_invest_executions_refusal_key`), so a standing refusal is told once a month.
 */
export const autoInvestExecutions = pgTable(
  'auto_invest_executions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    mandateId: uuid('mandate_id')
      .notNull()
      .references(() => autoInvestMandates.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The job run that did it (one inbox entry per mandate and run). */
    runId: uuid('run_id').notNull(),
    month: text('month').notNull(),
    assetId: text('asset_id')
      .notNull()
      .references(() => assets.id),
    market: text('market', { enum: ['primary', 'secondary'] }).notNull(),
    outcome: text('outcome', { enum: autoInvestOutcomes }).notNull(),
    reason: text('reason'),
    budgetCents: bigint('budget_cents', { mode: 'bigint' }).notNull(),
    shares: integer('shares').notNull().default(0),
    spentCents: bigint('spent_cents', { mode: 'bigint' }).notNull().default(sql`0`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('auto_invest_executions_user_idx').on(t.userId, t.createdAt),
    index('auto_invest_executions_run_idx').on(t.runId, t.mandateId),
    uniqueIndex('auto_invest_executions_refusal_key')
      .on(t.mandateId, t.month, t.assetId, t.reason)
      .where(sql`${t.outcome} = 'refused'`),
    check(
      'auto_invest_executions_spent_within_budget',
      sql`${t.spentCents} >= 0 AND ${t.spentCents} <= ${t.budgetCents}`,
    ),
  ],
);
