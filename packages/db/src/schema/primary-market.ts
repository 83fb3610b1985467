import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
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
import { assets } from './assets.js';
import { users } from './auth.js';
import { ledgerHolds } from './ledger.js';
import { transactions } from './payments.js';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();
const cents = (name: string) => bigint(name, { mode: 'bigint' });

/**
 * Where a purchase from the issuer stands (issue 9, ADR 0008):
 * - `reserved`: shares taken off the asset's available shares, cash held, waiting for the signature;
 * - `awaitingPayment` / `awaitingNotary`: builder-owner purchases after signing, until the bank
 *   wire and the notary documents are in;
 * - `settled`: shares and cash moved; `canceled` (by the user), `rejected` (in the app) and
 *   `expired` (no answer in time) release both reservations.
 */
export const PRIMARY_PURCHASE_STATUSES = [
  'reserved',
  'awaitingPayment',
  'awaitingNotary',
  'settled',
  'canceled',
  'rejected',
  'expired',
] as const;
export type PrimaryPurchaseStatus = (typeof PRIMARY_PURCHASE_STATUSES)[number];

/** A purchase from the issuer in the financing phase; its business view is the `transactions` row. */
export const primaryPurchases = pgTable(
  'primary_purchases',
  {
    transactionId: uuid('transaction_id')
      .primaryKey()
      .references(() => transactions.id),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    assetId: text('asset_id')
      .notNull()
      .references(() => assets.id),
    status: text('status', { enum: PRIMARY_PURCHASE_STATUSES }).$type<PrimaryPurchaseStatus>().notNull(),
    /** `account`: paid from the payment account; `bankWire`: builder-owner payment request. */
    method: text('method', { enum: ['account', 'bankWire'] }).notNull(),
    shares: integer('shares').notNull(),
    pricePerShareCents: cents('price_per_share_cents').notNull(),
    amountCents: cents('amount_cents').notNull(),
    feeCents: cents('fee_cents').notNull(),
    bonusCents: cents('bonus_cents').notNull(),
    /** The user's bonus applied to this purchase, if any. */
    bonusId: uuid('bonus_id'),
    cashHoldId: uuid('cash_hold_id').references(() => ledgerHolds.id),
    signingRequestId: uuid('signing_request_id').notNull(),
    acceptedWarnings: jsonb('accepted_warnings').$type<string[]>().notNull().default(sql`'[]'::jsonb`),
    appropriatenessRating: text('appropriateness_rating').notNull(),
    /** Builder-owner model: the payment reference of the bank wire and what has arrived. */
    paymentReference: text('payment_reference'),
    paymentReceivedAt: timestamp('payment_received_at', { withTimezone: true }),
    notaryDocumentsReceivedAt: timestamp('notary_documents_received_at', { withTimezone: true }),
    /** Manual investments carry the signatures they were made with. */
    manualSignatures: jsonb('manual_signatures').$type<string[]>(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('primary_purchases_signing_request_key').on(t.signingRequestId),
    uniqueIndex('primary_purchases_payment_reference_key').on(t.paymentReference),
    index('primary_purchases_asset_status_idx').on(t.assetId, t.status),
    index('primary_purchases_user_idx').on(t.userId, t.createdAt),
    check('primary_purchases_shares_positive', sql`${t.shares} > 0`),
    check('primary_purchases_bonus_within_amount', sql`${t.bonusCents} >= 0 AND ${t.bonusCents} <= ${t.amountCents}`),
  ],
);

/** Bonus codes the operator hands out (spec section 7, Utilities and bonuses; flag bonusCodes). */
export const bonusCodes = pgTable(
  'bonus_codes',
  {
    code: text('code').primaryKey(),
    partnerId: text('partner_id'),
    title: text('title').notNull(),
    amountCents: cents('amount_cents').notNull(),
    /** Spec enumeration "Bonus applicability". */
    applicability: text('applicability', {
      enum: ['primaryMarket', 'secondaryMarket', 'primaryAndSecondary', 'referral'],
    }).notNull(),
    /** Smallest investment the bonus may be used on. */
    minimumInvestmentCents: cents('minimum_investment_cents').notNull().default(sql`0`),
    validUntil: timestamp('valid_until', { withTimezone: true }),
    maxRedemptions: integer('max_redemptions'),
    redemptions: integer('redemptions').notNull().default(0),
    /** Campaign budget: the sum of redeemed amounts may not pass it (issue 21). */
    budgetCents: cents('budget_cents'),
    /** Ended early by staff: no further redemptions. */
    disabledAt: timestamp('disabled_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [check('bonus_codes_amount_positive', sql`${t.amountCents} > 0`)],
);

/** A bonus a user holds: redeemed from a code, or granted (start bonus, referral …). Used once. */
export const userBonuses = pgTable(
  'user_bonuses',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    /** Spec enumeration "Bonus kind", plus `bonusCode` for a redeemed code. */
    kind: text('kind', { enum: ['affiliate', 'referral', 'startBonus', 'appStoreRating', 'bonusCode'] }).notNull(),
    code: text('code').references(() => bonusCodes.code),
    title: text('title').notNull(),
    amountCents: cents('amount_cents').notNull(),
    applicability: text('applicability', {
      enum: ['primaryMarket', 'secondaryMarket', 'primaryAndSecondary', 'referral'],
    }).notNull(),
    minimumInvestmentCents: cents('minimum_investment_cents').notNull().default(sql`0`),
    validUntil: timestamp('valid_until', { withTimezone: true }),
    /** The purchase that holds it (reserved) or used it (settled); null while open. */
    usedByTransactionId: uuid('used_by_transaction_id'),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('user_bonuses_user_code_key').on(t.userId, t.code), index('user_bonuses_user_idx').on(t.userId)],
);

/** Notary appointments of a builder-owner asset (spec: notary date, reserve with the ID Austria question). */
export const notaryAppointments = pgTable(
  'notary_appointments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    assetId: text('asset_id')
      .notNull()
      .references(() => assets.id),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    location: text('location').notNull(),
    capacity: integer('capacity').notNull(),
    reserved: integer('reserved').notNull().default(0),
  },
  (t) => [
    uniqueIndex('notary_appointments_asset_time_key').on(t.assetId, t.startsAt),
    check('notary_appointments_within_capacity', sql`${t.reserved} >= 0 AND ${t.reserved} <= ${t.capacity}`),
  ],
);

/** A user's reserved notary appointment for a builder-owner purchase. */
export const notaryReservations = pgTable('notary_reservations', {
  transactionId: uuid('transaction_id')
    .primaryKey()
    .references(() => primaryPurchases.transactionId),
  appointmentId: uuid('appointment_id')
    .notNull()
    .references(() => notaryAppointments.id),
  /** Whether the investor signs with ID Austria (no personal visit needed). */
  idAustria: boolean('id_austria').notNull(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/** Pre-bookings (reservations) before or during the financing phase: `POST /launchpad/api/v1/asset/preorder`. */
export const preorders = pgTable(
  'preorders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    assetId: text('asset_id')
      .notNull()
      .references(() => assets.id),
    amountCents: cents('amount_cents').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('preorders_user_asset_key').on(t.userId, t.assetId),
    check('preorders_amount_positive', sql`${t.amountCents} > 0`),
  ],
);

/**
 * One row per referred investor whose first qualifying investment settled (issue 25): the bonus of
 * both sides was paid (one balanced posting from the operator's bonus book), or refused with the
 * reason (the same person, the budget spent). The key makes it once per referred investor.
 */
export const referralRewards = pgTable(
  'referral_rewards',
  {
    refereeUserId: uuid('referee_user_id')
      .primaryKey()
      .references(() => users.id),
    referrerUserId: uuid('referrer_user_id')
      .notNull()
      .references(() => users.id),
    /** The settled purchase that qualified. */
    transactionId: uuid('transaction_id').notNull(),
    status: text('status', { enum: ['paid', 'refused'] }).notNull(),
    refusalReason: text('refusal_reason'),
    referrerBonusCents: cents('referrer_bonus_cents').notNull(),
    refereeBonusCents: cents('referee_bonus_cents').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('referral_rewards_referrer_idx').on(t.referrerUserId)],
);

/**
 * Affiliate partners (issue 25): marketing partners who send investors with their id; the tracked
 * URL is the partner app's registration with `affiliatePartnerId`, and registrations carry the id.
 */
export const affiliatePartners = pgTable('affiliate_partners', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  partnerId: text('partner_id').notNull(),
  createdAt: createdAt(),
});

/**
 * Bonus campaigns of a partner (issue 25; ADR 0028): a start bonus for newly verified investors, an
 * app-store rating bonus (each granted as a checkout bonus in `user_bonuses`), and a tiered
 * promotion such as the birthday bonus (paid in cash from the bonus book when it ends). The paid
 * sum is taken in one conditional statement, and the CHECK keeps it within the budget.
 */
export const bonusCampaigns = pgTable(
  'bonus_campaigns',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    partnerId: text('partner_id').notNull(),
    kind: text('kind', { enum: ['startBonus', 'appStoreRating', 'birthday'] }).notNull(),
    title: text('title').notNull(),
    /** The bonus of a start or rating campaign; null for a tiered one. */
    amountCents: cents('amount_cents'),
    /** Tiers of a tiered campaign, cents as strings: investing at least `investedCents` earns `bonusCents`. */
    tiers: jsonb('tiers').$type<{ investedCents: string; bonusCents: string }[]>(),
    /** Where a granted checkout bonus may be used (spec enumeration "Bonus applicability"). */
    applicability: text('applicability', {
      enum: ['primaryMarket', 'secondaryMarket', 'primaryAndSecondary', 'referral'],
    })
      .notNull()
      .default('primaryAndSecondary'),
    minimumInvestmentCents: cents('minimum_investment_cents').notNull().default(sql`0`),
    /** How long a granted checkout bonus stays usable. */
    bonusValidDays: integer('bonus_valid_days').notNull().default(90),
    validFrom: timestamp('valid_from', { withTimezone: true }).notNull(),
    validUntil: timestamp('valid_until', { withTimezone: true }).notNull(),
    budgetCents: cents('budget_cents'),
    paidCents: cents('paid_cents').notNull().default(sql`0`),
    /** When a tiered campaign was paid out (once). */
    settledAt: timestamp('settled_at', { withTimezone: true }),
    disabledAt: timestamp('disabled_at', { withTimezone: true }),
    createdBy: text('created_by').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('bonus_campaigns_partner_idx').on(t.partnerId, t.kind),
    check('bonus_campaigns_window', sql`${t.validFrom} < ${t.validUntil}`),
    check(
      'bonus_campaigns_shape',
      sql`(${t.kind} = 'birthday' AND ${t.tiers} IS NOT NULL) OR (${t.kind} <> 'birthday' AND ${t.amountCents} > 0)`,
    ),
    check('bonus_campaigns_within_budget', sql`${t.budgetCents} IS NULL OR ${t.paidCents} <= ${t.budgetCents}`),
  ],
);

/**
 * What one investor got from one campaign, once (the key): granted (a checkout bonus), paid (cash
 * from the bonus book) or refused with the reason (the same person, the budget spent).
 */
export const bonusGrants = pgTable(
  'bonus_grants',
  {
    campaignId: uuid('campaign_id')
      .notNull()
      .references(() => bonusCampaigns.id),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    status: text('status', { enum: ['granted', 'paid', 'refused'] }).notNull(),
    amountCents: cents('amount_cents').notNull(),
    /** What the investor invested in the campaign's window (tiered campaigns). */
    investedCents: cents('invested_cents'),
    refusalReason: text('refusal_reason'),
    userBonusId: uuid('user_bonus_id'),
    transactionId: uuid('transaction_id'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('bonus_grants_campaign_user_key').on(t.campaignId, t.userId),
    index('bonus_grants_user_idx').on(t.userId),
  ],
);
