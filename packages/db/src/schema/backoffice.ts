import { type AssetTemplateKind, assetTemplateKinds, STAFF_ROLES, STAFF_STATUSES } from '@bw/domain';
import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  check,
  customType,
  date,
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
import { distributionRuns } from './distributions.js';
import { transactions } from './payments.js';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();
const cents = (name: string) => bigint(name, { mode: 'bigint' });
const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({ dataType: () => 'bytea' });

/**
 * The operator's staff (issue 21, ADR 0019): separate from investor accounts. Invited by e-mail;
 * a password and a confirmed TOTP second factor make the account active. The TOTP secret is
 * stored encrypted (AES-256-GCM under STAFF_SECRET_KEY).
 */
export const staffMembers = pgTable(
  'staff_members',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    displayName: text('display_name').notNull(),
    role: text('role', { enum: STAFF_ROLES }).notNull(),
    status: text('status', { enum: STAFF_STATUSES }).notNull().default('invited'),
    passwordHash: text('password_hash'),
    totpSecretEncrypted: text('totp_secret_encrypted'),
    totpConfirmedAt: timestamp('totp_confirmed_at', { withTimezone: true }),
    /** The last TOTP time step that logged in: a code is accepted once (replay protection). */
    lastTotpStep: bigint('last_totp_step', { mode: 'number' }),
    invitedBy: uuid('invited_by'),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('staff_members_email_key').on(t.email)],
);

/** Invitation links: only the SHA-256 of the token is stored; single use, expiring. */
export const staffInvitations = pgTable(
  'staff_invitations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    staffId: uuid('staff_id')
      .notNull()
      .references(() => staffMembers.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('staff_invitations_token_hash_key').on(t.tokenHash),
    index('staff_invitations_staff_idx').on(t.staffId),
  ],
);

/** Staff sessions: own table and cookie, short (15 min idle, 8 h absolute). */
export const staffSessions = pgTable(
  'staff_sessions',
  {
    tokenHash: text('token_hash').primaryKey(),
    staffId: uuid('staff_id')
      .notNull()
      .references(() => staffMembers.id, { onDelete: 'cascade' }),
    csrfToken: text('csrf_token').notNull(),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    createdAt: createdAt(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('staff_sessions_staff_idx').on(t.staffId)],
);

/**
 * Append-only audit log of every staff action (and of system actions such as the demo seed).
 * A trigger refuses UPDATE, DELETE and TRUNCATE (migration 0020): nothing in it can be changed.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    actorKind: text('actor_kind', { enum: ['staff', 'system'] }).notNull(),
    staffId: uuid('staff_id'),
    staffEmail: text('staff_email'),
    staffRole: text('staff_role'),
    action: text('action').notNull(),
    targetType: text('target_type').notNull(),
    targetId: text('target_id').notNull(),
    before: jsonb('before').$type<unknown>(),
    after: jsonb('after').$type<unknown>(),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    requestId: text('request_id'),
  },
  (t) => [
    index('audit_log_at_idx').on(t.at),
    index('audit_log_staff_idx').on(t.staffId, t.at),
    index('audit_log_action_idx').on(t.action, t.at),
    index('audit_log_target_idx').on(t.targetType, t.targetId, t.at),
    check('audit_log_staff_actor_has_staff', sql`(${t.actorKind} = 'staff') = (${t.staffId} IS NOT NULL)`),
  ],
);

/**
 * Asset templates (spec section 3: template kinds): a named preset of asset fields an operator
 * starts a new asset from. Built-in ones exist per kind; operators add their own (e.g. a
 * standard rooftop PV plant).
 */
export const assetTemplates = pgTable('asset_templates', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull(),
  kind: text('kind', { enum: assetTemplateKinds }).$type<AssetTemplateKind>().notNull(),
  description: text('description').notNull().default(''),
  /** Partial asset fields in the wire shape of the back-office asset form. */
  defaults: jsonb('defaults').$type<Record<string, unknown>>().notNull(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/** Photos uploaded for an asset (served publicly once the asset is listed). */
export const assetImages = pgTable(
  'asset_images',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    assetId: text('asset_id')
      .notNull()
      .references(() => assets.id, { onDelete: 'cascade' }),
    contentType: text('content_type').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    sha256: text('sha256').notNull(),
    content: bytea('content').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('asset_images_asset_idx').on(t.assetId)],
);

/**
 * Income an asset received (rent, electricity sales), recorded by the operator with its period
 * and evidence. The money is booked `psp_clearing → asset_income:<asset>`; the distributions
 * (issue 22) pay it out to the holders and mark the row `distributed`.
 */
export const assetIncome = pgTable(
  'asset_income',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    assetId: text('asset_id')
      .notNull()
      .references(() => assets.id),
    kind: text('kind', { enum: ['rent', 'electricity', 'other'] }).notNull(),
    amountCents: cents('amount_cents').notNull(),
    periodStart: date('period_start', { mode: 'string' }).notNull(),
    periodEnd: date('period_end', { mode: 'string' }).notNull(),
    receivedOn: date('received_on', { mode: 'string' }).notNull(),
    note: text('note').notNull().default(''),
    /**
     * `expected` until the payment provider confirms the incoming transfer (issue 34): only then is
     * the money booked `psp_clearing → asset_income:<asset>` and the income `recorded`, ready to be
     * distributed.
     */
    status: text('status', { enum: ['expected', 'recorded', 'distributed'] })
      .notNull()
      .default('expected'),
    /** The provider's id of the incoming transfer that brought the money, once confirmed. */
    providerTransferId: text('provider_transfer_id').unique(),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    recordedBy: uuid('recorded_by'),
    /** The run that paid this income out (status `distributed`). */
    distributionRunId: uuid('distribution_run_id').references(() => distributionRuns.id),
    createdAt: createdAt(),
  },
  (t) => [
    index('asset_income_asset_idx').on(t.assetId, t.periodStart),
    check('asset_income_amount_positive', sql`${t.amountCents} > 0`),
    check('asset_income_period_order', sql`${t.periodEnd} >= ${t.periodStart}`),
  ],
);

/** Evidence of an income (statement, invoice): PDF or image bytes. */
export const assetIncomeDocuments = pgTable('asset_income_documents', {
  id: uuid('id').primaryKey().defaultRandom(),
  incomeId: uuid('income_id')
    .notNull()
    .references(() => assetIncome.id),
  fileName: text('file_name').notNull(),
  contentType: text('content_type').notNull(),
  sizeBytes: integer('size_bytes').notNull(),
  content: bytea('content').notNull(),
  createdAt: createdAt(),
});

/**
 * Payouts above the review threshold wait here until a staff member releases them (then the PSP
 * is called) or rejects them (then the held money returns to the investor).
 */
export const payoutReviews = pgTable(
  'payout_reviews',
  {
    transactionId: uuid('transaction_id')
      .primaryKey()
      .references(() => transactions.id),
    amountCents: cents('amount_cents').notNull(),
    status: text('status', { enum: ['waiting', 'released', 'rejected'] })
      .notNull()
      .default('waiting'),
    decidedBy: uuid('decided_by'),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    reason: text('reason'),
    createdAt: createdAt(),
  },
  (t) => [index('payout_reviews_status_idx').on(t.status, t.createdAt)],
);

/** Manual corrections: each one a balanced compensating posting with its reason (never an edit). */
export const ledgerCorrections = pgTable(
  'ledger_corrections',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id').notNull(),
    /** Positive: credited to the investor; negative: debited. */
    amountCents: cents('amount_cents').notNull(),
    reason: text('reason').notNull(),
    /** The posting this one compensates, when there is one. */
    correctsPostingId: bigint('corrects_posting_id', { mode: 'bigint' }),
    transactionId: uuid('transaction_id')
      .notNull()
      .references(() => transactions.id),
    createdBy: uuid('created_by').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('ledger_corrections_user_idx').on(t.userId, t.createdAt)],
);

/** Operator settings that change at run time (payout review threshold …), one row per key. */
export const platformSettings = pgTable('platform_settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').$type<unknown>().notNull(),
  updatedBy: uuid('updated_by'),
  updatedAt: updatedAt(),
});
