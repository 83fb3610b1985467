import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { partners } from './platform.js';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

/** Spec section 3, User (the fields that exist so far), spec section 6 roles. E-mails are stored lower case. */
export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    /** The partner the account registered with (spec: platformProvider; header x-partner-id). */
    partnerId: text('partner_id')
      .notNull()
      .references(() => partners.partnerId),
    passwordHash: text('password_hash'),
    status: text('status', { enum: ['new', 'verified', 'pending', 'active', 'deactivated'] })
      .notNull()
      .default('new'),
    userType: text('user_type', { enum: ['user', 'privateUser'] })
      .notNull()
      .default('user'),
    /** Only `user` passes the session check (spec section 6); other roles exist for operators. */
    role: text('role').notNull().default('user'),
    firstName: text('first_name'),
    lastName: text('last_name'),
    phone: text('phone'),
    marketingNewsletter: boolean('marketing_newsletter').notNull().default(false),
    /** Spec section 3, User `featureTesting`: the user tries features before everyone (set by the operator). */
    featureTesting: boolean('feature_testing').notNull().default(false),
    /** The referral code the user registered with (someone else's `ownReferralCode`). */
    referralCode: text('referral_code'),
    /** The user's own referral code, made on the first request of the referral link (issue 25). */
    ownReferralCode: text('own_referral_code'),
    affiliatePartnerId: text('affiliate_partner_id'),
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    /** Subject at the external identity provider (ichApp), when the account logged in through it. */
    externalSubject: text('external_subject'),
    /** Locked by staff (issue 21): no login, no session, no action until unlocked. */
    lockedAt: timestamp('locked_at', { withTimezone: true }),
    lockReason: text('lock_reason'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // One account per partner and address (ADR 0035): a second partner's account comes only from copy-me.
    uniqueIndex('users_partner_email_key').on(t.partnerId, t.email),
    index('users_email_idx').on(t.email),
    uniqueIndex('users_own_referral_code_key').on(t.ownReferralCode).where(sql`${t.ownReferralCode} IS NOT NULL`),
    uniqueIndex('users_external_subject_key').on(t.externalSubject).where(sql`${t.externalSubject} IS NOT NULL`),
  ],
);

/**
 * Server-side sessions. The cookie carries a random token; only its SHA-256 is stored, so a copy
 * of the table opens no session. `csrfToken` is the session's double-submit token.
 */
export const sessions = pgTable(
  'sessions',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    csrfToken: text('csrf_token').notNull(),
    createdAt: createdAt(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    /** Absolute end; the idle end is `lastSeenAt` plus the idle timeout. */
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

/** Browsers that logged into an account before ("recurring user", ADR 0003); hashed device cookie. */
export const knownDevices = pgTable(
  'known_devices',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    deviceHash: text('device_hash').notNull(),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('known_devices_user_device_key').on(t.userId, t.deviceHash)],
);

/**
 * One-time secrets: e-mail verification links, password-reset codes and links, login links and
 * session switches. Only hashes are stored; each is single use, expires and dies after a few wrong tries.
 */
export const authTokens = pgTable(
  'auth_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose', { enum: ['verify-email', 'password-reset', 'login-link', 'switch-session'] }).notNull(),
    /** SHA-256 of the long random token (links). */
    tokenHash: text('token_hash').notNull(),
    /** argon2id of the 6-digit code, where the purpose has one. */
    codeHash: text('code_hash'),
    failedAttempts: integer('failed_attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('auth_tokens_token_hash_key').on(t.tokenHash),
    index('auth_tokens_user_purpose_idx').on(t.userId, t.purpose),
  ],
);

/** Fixed-window counters for login, reset and e-mail throttling; keys are hashed, never raw addresses. */
export const authThrottle = pgTable('auth_throttle', {
  key: text('key').primaryKey(),
  count: integer('count').notNull().default(0),
  windowStartedAt: timestamp('window_started_at', { withTimezone: true }).notNull().defaultNow(),
  /** Windows in a row that ended over budget: each doubles the next window (ADR 0020). */
  strikes: integer('strikes').notNull().default(0),
});

/** Random secrets the server generates once (pseudonymous ids); never leaves the database. */
export const serverSecrets = pgTable('server_secrets', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  createdAt: createdAt(),
});

/** External login flows in progress: the state and PKCE verifier we sent to the identity provider. */
export const externalLoginFlows = pgTable('external_login_flows', {
  id: text('id').primaryKey(),
  state: text('state').notNull(),
  codeVerifier: text('code_verifier').notNull(),
  redirectUri: text('redirect_uri').notNull(),
  partnerId: text('partner_id').notNull(),
  register: boolean('register').notNull().default(false),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
  createdAt: createdAt(),
});

/** The sandbox identity provider's authorization codes (OAuth 2 code flow with PKCE). */
export const sandboxIdpCodes = pgTable(
  'sandbox_idp_codes',
  {
    codeHash: text('code_hash').primaryKey(),
    clientId: text('client_id').notNull(),
    redirectUri: text('redirect_uri').notNull(),
    codeChallenge: text('code_challenge').notNull(),
    identity: jsonb('identity')
      .$type<{ subject: string; email: string; firstName: string; lastName: string }>()
      .notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('sandbox_idp_codes_expires_idx').on(t.expiresAt)],
);
