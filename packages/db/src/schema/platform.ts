import type { FeatureFlags, IntroSlide, LegalProviders, MapSettings, PartnerColors } from '@bw/contracts';
import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

/** Spec section 3, App config: one row per partner (white-label tenant). */
export const partners = pgTable(
  'partners',
  {
    appId: text('app_id').primaryKey(),
    partnerId: text('partner_id').notNull(),
    name: text('name').notNull(),
    colors: jsonb('colors').$type<PartnerColors>().notNull(),
    appIcon: text('app_icon').notNull(),
    featureFlags: jsonb('feature_flags').$type<FeatureFlags>().notNull(),
    introSlides: jsonb('intro_slides').$type<IntroSlide[]>().notNull().default(sql`'[]'::jsonb`),
    appUrl: text('app_url').notNull(),
    webAppUrl: text('web_app_url').notNull(),
    domainUriPrefix: text('domain_uri_prefix').notNull(),
    androidPackageName: text('android_package_name').notNull(),
    iosBundleId: text('ios_bundle_id').notNull(),
    appStoreId: text('app_store_id').notNull(),
    /** Fees are basis points; null falls back to the platform default of 0 (spec section 3, Platform info). */
    /** The marketplace map's tiles (issue 27); null: the platform default (OpenStreetMap). */
    map: jsonb('map').$type<MapSettings>(),
    /** The companies its legal documents name (issue 34, ADR 0050); null: the platform's own providers. */
    legalProviders: jsonb('legal_providers').$type<LegalProviders>(),
    transactionFeeBps: integer('transaction_fee_bps'),
    brokerageFeeBps: integer('brokerage_fee_bps'),
    /** Imprint text and support contacts shown in the partner's app (issue 21). */
    imprint: text('imprint').notNull().default(''),
    supportEmail: text('support_email').notNull().default(''),
    supportPhone: text('support_phone').notNull().default(''),
    /**
     * The partner's referral terms (issue 25): what the referrer and the new investor each get
     * when the new investor's first investment of at least the minimum settles, and the
     * programme's budget (null: unlimited) with what it has paid so far. Cents.
     */
    referralReferrerBonusCents: bigint('referral_referrer_bonus_cents', { mode: 'bigint' })
      .notNull()
      .default(sql`5000`),
    referralRefereeBonusCents: bigint('referral_referee_bonus_cents', { mode: 'bigint' }).notNull().default(sql`5000`),
    referralMinimumInvestmentCents: bigint('referral_minimum_investment_cents', { mode: 'bigint' })
      .notNull()
      .default(sql`50000`),
    referralBudgetCents: bigint('referral_budget_cents', { mode: 'bigint' }),
    referralPaidCents: bigint('referral_paid_cents', { mode: 'bigint' }).notNull().default(sql`0`),
    isDefault: boolean('is_default').notNull().default(false),
    sortOrder: integer('sort_order').notNull().default(1000),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('partners_partner_id_key').on(t.partnerId),
    uniqueIndex('partners_single_default').on(t.isDefault).where(sql`${t.isDefault}`),
    check(
      'partners_referral_within_budget',
      sql`${t.referralBudgetCents} IS NULL OR ${t.referralPaidCents} <= ${t.referralBudgetCents}`,
    ),
  ],
);

/**
 * Transactional outbox: a module writes "send this e-mail / SMS / call the provider" in the
 * same transaction as its business change; the relay delivers each row at least once and
 * the providers deduplicate by `key`, so every key takes effect exactly once.
 */
export const outbox = pgTable(
  'outbox',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    key: text('key').notNull(),
    topic: text('topic').notNull(),
    payload: jsonb('payload').$type<unknown>().notNull(),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    failedAt: timestamp('failed_at', { withTimezone: true }),
    lastError: text('last_error'),
    /** The HTTP request that queued the row (its x-request-id), so the delivery logs under it. */
    requestId: text('request_id'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('outbox_key_key').on(t.key),
    index('outbox_pending_idx').on(t.nextAttemptAt).where(sql`${t.deliveredAt} IS NULL AND ${t.failedAt} IS NULL`),
  ],
);

/**
 * The sandbox e-mail and SMS providers' mailbox: what would have been sent, readable by a
 * person (development page) and by tests. `idempotencyKey` makes a redelivery a no-op.
 */
export const devMessages = pgTable(
  'dev_messages',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    channel: text('channel', { enum: ['email', 'sms', 'push'] }).notNull(),
    idempotencyKey: text('idempotency_key').notNull(),
    recipient: text('recipient').notNull(),
    subject: text('subject'),
    bodyText: text('body_text').notNull(),
    bodyHtml: text('body_html'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('dev_messages_idempotency_key_key').on(t.idempotencyKey),
    index('dev_messages_recipient_idx').on(t.recipient, t.createdAt),
  ],
);
