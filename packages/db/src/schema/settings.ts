import { sql } from 'drizzle-orm';
import { boolean, index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
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
