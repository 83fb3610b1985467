import {
  ID_DOCUMENT_TYPES,
  IDENTIFICATION_PROVIDERS,
  IDENTITY_CHECK_RESULTS,
  SIGNATURE_STATUSES,
  VERIFICATION_STATUSES,
} from '@bw/domain';
import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth.js';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

/**
 * One identification attempt at an identification provider (spec section 3, Verification status
 * and Identity check result; ADR 0009). The newest row per user is the current one; a retry is a
 * new row. The document number is personal data: never logged.
 */
export const identityVerifications = pgTable(
  'identity_verifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    provider: text('provider', { enum: IDENTIFICATION_PROVIDERS }).notNull(),
    /** The provider's case id (docident) or ident id (videoident, `idNowId`). */
    providerRef: text('provider_ref').notNull(),
    status: text('status', { enum: VERIFICATION_STATUSES }).notNull().default('new'),
    identityCheck: text('identity_check', { enum: IDENTITY_CHECK_RESULTS }).notNull().default('new'),
    documentType: text('document_type', { enum: ID_DOCUMENT_TYPES }),
    documentNumber: text('document_number'),
    retake: text('retake', { enum: ['selfie'] }),
    /** How often the case went to the provider (a retaken selfie submits again). */
    submissions: integer('submissions').notNull().default(0),
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    /** A manual review by compliance staff (issue 21): who, when, and the reason the investor sees. */
    reviewedBy: text('reviewed_by'),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    reviewReason: text('review_reason'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('identity_verifications_provider_ref_key').on(t.provider, t.providerRef),
    index('identity_verifications_user_idx').on(t.userId, t.createdAt),
  ],
);

/**
 * Uploaded identification files. The bytes live outside the database (a folder per user under
 * the data directory); the row holds where, what and a checksum. Only the owner can read them.
 */
export const identityDocuments = pgTable(
  'identity_documents',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    verificationId: uuid('verification_id').references(() => identityVerifications.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['document', 'selfie', 'signatureSelfie'] }).notNull(),
    storageKey: text('storage_key').notNull(),
    contentType: text('content_type').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    sha256: text('sha256').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('identity_documents_user_idx').on(t.userId)],
);

/**
 * The qualified e-signature of the partner's agreements (spec sections 2 and 5; Signature status).
 * The SMS code is stored only as a keyed hash; it expires, is single use and dies after a few
 * wrong tries.
 */
export const agreementSignatures = pgTable(
  'agreement_signatures',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text('status', { enum: SIGNATURE_STATUSES }).notNull().default('new'),
    /** The legal document kinds signed (spec section 3, Legal document kinds). */
    documents: jsonb('documents').$type<string[]>().notNull(),
    /** SHA-256 of the drawn signature image; the image itself goes to the provider. */
    signatureSha256: text('signature_sha256'),
    consentAt: timestamp('consent_at', { withTimezone: true }),
    ipAddress: text('ip_address'),
    otpHash: text('otp_hash'),
    otpExpiresAt: timestamp('otp_expires_at', { withTimezone: true }),
    otpFailedAttempts: integer('otp_failed_attempts').notNull().default(0),
    otpSendCount: integer('otp_send_count').notNull().default(0),
    otpUsedAt: timestamp('otp_used_at', { withTimezone: true }),
    signedAt: timestamp('signed_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('agreement_signatures_user_idx').on(t.userId, t.createdAt),
    uniqueIndex('agreement_signatures_one_open_per_user')
      .on(t.userId)
      .where(sql`${t.status} NOT IN ('signed', 'rejected', 'error')`),
  ],
);

/** Webhook event ids of the identification providers already applied: a replay changes nothing. */
export const idvWebhookEvents = pgTable('idv_webhook_events', {
  eventId: text('event_id').primaryKey(),
  type: text('type').notNull(),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
});
