import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { assets } from './assets.js';
import { users } from './auth.js';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

/**
 * The verifiable share register (issue 39, ADR 0044): one append-only log per asset. Each settled
 * movement of shares adds one entry in the transaction of its ledger posting. Entries never change
 * (a trigger refuses UPDATE, DELETE and TRUNCATE); the published roots neither.
 */
export const registerEntries = pgTable(
  'register_entries',
  {
    assetId: text('asset_id')
      .notNull()
      .references(() => assets.id),
    seq: integer('seq').notNull(),
    /** The entry's canonical JSON, exactly the leaf's bytes as text. */
    entry: text('entry').notNull(),
    /** RFC 6962 leaf hash of the entry, hex: the next entry's `prev` and the tree's leaf. */
    leafHash: text('leaf_hash').notNull(),
    kind: text('kind').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.assetId, t.seq] }), check('register_entries_seq_non_negative', sql`${t.seq} >= 0`)],
);

/** Where each asset's log stands: the last entry's seq and hash. Locked by every append (its last statement). */
export const registerHeads = pgTable('register_heads', {
  assetId: text('asset_id')
    .primaryKey()
    .references(() => assets.id),
  seq: integer('seq').notNull(),
  hash: text('hash').notNull(),
});

/**
 * One row per holder pseudonym and asset: whose it is (private, never published), the holder's
 * last entry in the asset's log and the shares the register gives them.
 */
export const registerPositions = pgTable(
  'register_positions',
  {
    assetId: text('asset_id')
      .notNull()
      .references(() => assets.id),
    pseudonym: text('pseudonym').notNull(),
    userId: uuid('user_id').notNull(),
    lastSeq: integer('last_seq').notNull(),
    shares: bigint('shares', { mode: 'bigint' }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.assetId, t.pseudonym] }),
    index('register_positions_user_idx').on(t.userId, t.assetId),
    check('register_positions_shares_non_negative', sql`${t.shares} >= 0`),
  ],
);

/** Each holder's 32-byte secret (base64url), from which their per-asset keys and pseudonyms derive. */
export const registerHolderSecrets = pgTable('register_holder_secrets', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  secret: text('secret').notNull(),
  createdAt: createdAt(),
});

/** The signed tree heads the platform published, one per asset and day at most; never changed. */
export const registerRoots = pgTable(
  'register_roots',
  {
    assetId: text('asset_id')
      .notNull()
      .references(() => assets.id),
    treeSize: integer('tree_size').notNull(),
    rootHash: text('root_hash').notNull(),
    /** The signed head's timestamp, ISO 8601 UTC with milliseconds, as signed. */
    timestamp: text('timestamp').notNull(),
    keyId: text('key_id').notNull(),
    signature: text('signature').notNull(),
    publishedAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.assetId, t.treeSize] }), index('register_roots_published_idx').on(t.publishedAt)],
);
