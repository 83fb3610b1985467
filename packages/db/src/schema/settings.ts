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
import { users } from './auth.js';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

/** Issue 20: the user's own settings beyond the onboarding (analytics consent, device identifiers). */
export const userPreferences = pgTable('user_preferences', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  /** `PUT /api/v2/user/analytics`; null until answered (no analytics events are kept before a yes). */
  analyticsConsent: boolean('analytics_consent'),
  analyticsConsentAt: timestamp('analytics_consent_at', { withTimezone: true }),
  /** `POST /api/v1/user/firebaseId`. */
  firebaseId: text('firebase_id'),
  /** `POST /api/v1/user/advertisingId` (spec section 3, advertising data). */
  advertising: jsonb('advertising').$type<{
    advertisingId: string;
    appGoogleClientId: string | null;
    appFacebookId: string | null;
    userAgent: string | null;
  }>(),
  updatedAt: updatedAt(),
});

export const ACCOUNT_DELETION_STATUSES = ['requested', 'confirmed', 'cancelled', 'completed'] as const;
export type AccountDeletionStatus = (typeof ACCOUNT_DELETION_STATUSES)[number];

/**
 * Issue 20, account deletion: requested in the settings, confirmed by the link in an e-mail (only the
 * token's SHA-256 is kept), then carried out by a job 4 to 7 days later (ADR 0024).
 */
export const accountDeletions = pgTable(
  'account_deletions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    status: text('status', { enum: ACCOUNT_DELETION_STATUSES }).notNull().default('requested'),
    tokenHash: text('token_hash').notNull(),
    tokenExpiresAt: timestamp('token_expires_at', { withTimezone: true }).notNull(),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    executeAfter: timestamp('execute_after', { withTimezone: true }),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('account_deletions_token_hash_key').on(t.tokenHash),
    uniqueIndex('account_deletions_one_open_per_user')
      .on(t.userId)
      .where(sql`${t.status} IN ('requested', 'confirmed')`),
    index('account_deletions_due_idx').on(t.executeAfter).where(sql`${t.status} = 'confirmed'`),
  ],
);

/** `POST /api/v1/utils/complianceLog {action,deviceMetaData,timestamp}`: kept for COMPLIANCE_LOG_RETENTION_YEARS. */
export const complianceLogs = pgTable(
  'compliance_logs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    action: text('action').notNull(),
    deviceMetaData: jsonb('device_meta_data').$type<Record<string, unknown>>().notNull(),
    clientTimestamp: timestamp('client_timestamp', { withTimezone: true }).notNull(),
    ipAddress: text('ip_address'),
    createdAt: createdAt(),
  },
  (t) => [
    index('compliance_logs_user_idx').on(t.userId, t.createdAt),
    index('compliance_logs_created_idx').on(t.createdAt),
  ],
);

/** `POST /api/v1/utils/analyticsEvent`: kept only with the user's analytics consent, pruned after a retention. */
export const analyticsEvents = pgTable(
  'analytics_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    properties: jsonb('properties').$type<Record<string, unknown>>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('analytics_events_created_idx').on(t.createdAt)],
);

export const DATA_EXPORT_STATUSES = ['pending', 'ready', 'failed'] as const;
export type DataExportStatus = (typeof DATA_EXPORT_STATUSES)[number];

/**
 * "Your data to take away" (GDPR Art. 15 and 20, issue 39, ADR 0051): one row per export the investor
 * requested in the settings. A job builds the ZIP into the document store (`storage_key`); the download
 * link in the inbox carries a signed token that names this row and expires with `expires_at`. At most
 * one pending export per user (the second request answers the pending one). A daily job removes the
 * files of expired exports (`storage_key` null again); the rows stay as the history.
 */
export const dataExports = pgTable(
  'data_exports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    status: text('status', { enum: DATA_EXPORT_STATUSES }).notNull().default('pending'),
    storageKey: text('storage_key'),
    sha256: text('sha256'),
    sizeBytes: bigint('size_bytes', { mode: 'number' }),
    /** What the ZIP holds: section name to number of records or files (shown to the investor). */
    sections: jsonb('sections').$type<Record<string, number>>(),
    requestedAt: timestamp('requested_at', { withTimezone: true }).notNull().defaultNow(),
    readyAt: timestamp('ready_at', { withTimezone: true }),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    downloads: integer('downloads').notNull().default(0),
    error: text('error'),
  },
  (t) => [
    index('data_exports_user_idx').on(t.userId, t.requestedAt),
    uniqueIndex('data_exports_one_pending_per_user').on(t.userId).where(sql`${t.status} = 'pending'`),
    check('data_exports_ready_expires', sql`${t.status} <> 'ready' OR ${t.expiresAt} IS NOT NULL`),
  ],
);
