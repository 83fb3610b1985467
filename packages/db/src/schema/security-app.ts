import { sql } from 'drizzle-orm';
import { bigserial, index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth.js';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

/**
 * A user's security apps (spec sections 3, 4; ADR 0007). One row per linking: `new` while a
 * pairing code waits for the provider's app, `active` once a public key is registered,
 * `disconnected` after removal or a support reset. At most one row per user is not disconnected.
 */
export const securityApps = pgTable(
  'security_apps',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** `provider`: our reference app, linked by pairing code; `private`: registered by public key. */
    kind: text('kind', { enum: ['provider', 'private'] }).notNull(),
    status: text('status', { enum: ['new', 'active', 'disconnected'] }).notNull(),
    /** Ed25519 public key, raw 32 bytes as base64url; null while the pairing waits. */
    publicKey: text('public_key'),
    /** SHA-256 of the short pairing code the web app shows. */
    pairingCodeHash: text('pairing_code_hash'),
    pairingExpiresAt: timestamp('pairing_expires_at', { withTimezone: true }),
    /** SHA-256 of the bearer token the provider's app calls the API with. */
    deviceTokenHash: text('device_token_hash'),
    /** SHA-256 of the recovery secret in the recovery file; removal needs the secret. */
    recoveryHash: text('recovery_hash'),
    linkedAt: timestamp('linked_at', { withTimezone: true }),
    disconnectedAt: timestamp('disconnected_at', { withTimezone: true }),
    disconnectReason: text('disconnect_reason', { enum: ['user', 'support', 'replaced'] }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('security_apps_one_live_per_user').on(t.userId).where(sql`${t.status} <> 'disconnected'`),
    uniqueIndex('security_apps_pairing_code_key').on(t.pairingCodeHash).where(sql`${t.status} = 'new'`),
    uniqueIndex('security_apps_device_token_key').on(t.deviceTokenHash).where(sql`${t.status} = 'active'`),
  ],
);

/**
 * Signing requests (spec sections 1, 2, 4): the canonical payload is stored as the exact text
 * that is signed, so what the app saw, what it signed and what we verify are the same bytes.
 */
export const signingRequests = pgTable(
  'signing_requests',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    canonicalPayload: text('canonical_payload').notNull(),
    /** Never issued twice: a signature can only ever match one request. */
    nonce: text('nonce').notNull(),
    status: text('status', { enum: ['pending', 'signed', 'rejected', 'expired'] })
      .notNull()
      .default('pending'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** The app whose key signed or rejected it. */
    securityAppId: uuid('security_app_id').references(() => securityApps.id),
    signature: text('signature'),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('signing_requests_nonce_key').on(t.nonce),
    index('signing_requests_user_status_idx').on(t.userId, t.status),
    index('signing_requests_pending_expiry_idx').on(t.expiresAt).where(sql`${t.status} = 'pending'`),
  ],
);

/** Who linked, removed or reset which app, and who signed or refused what; never updated. */
export const securityAppAudit = pgTable(
  'security_app_audit',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    userId: uuid('user_id').notNull(),
    securityAppId: uuid('security_app_id'),
    action: text('action').notNull(),
    /** `user`, `security-app`, `system` or `support:<operator>`. */
    actor: text('actor').notNull(),
    detail: jsonb('detail').$type<Record<string, string>>().notNull().default({}),
    createdAt: createdAt(),
  },
  (t) => [index('security_app_audit_user_idx').on(t.userId, t.createdAt)],
);
