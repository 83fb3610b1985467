import { sql } from 'drizzle-orm';
import {
  bigint,
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

const at = (name: string) => timestamp(name, { withTimezone: true });

/** A message in an asset's investor forum (issue 24); staff hide it with a reason, never delete it. */
export const forumMessages = pgTable(
  'forum_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    assetId: text('asset_id')
      .notNull()
      .references(() => assets.id),
    authorId: uuid('author_id')
      .notNull()
      .references(() => users.id),
    body: text('body').notNull(),
    createdAt: at('created_at').notNull().defaultNow(),
    editedAt: at('edited_at'),
    hiddenAt: at('hidden_at'),
    hiddenReason: text('hidden_reason'),
  },
  (t) => [
    check('forum_messages_body_length', sql`char_length(${t.body}) BETWEEN 1 AND 4000`),
    index('forum_messages_asset_idx').on(t.assetId, t.createdAt),
  ],
);

/** A complaint about a message: the back office's moderation queue (one per investor and message). */
export const forumComplaints = pgTable(
  'forum_complaints',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    messageId: uuid('message_id')
      .notNull()
      .references(() => forumMessages.id),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    reason: text('reason').notNull(),
    status: text('status', { enum: ['open', 'resolved'] })
      .notNull()
      .default('open'),
    createdAt: at('created_at').notNull().defaultNow(),
    resolvedAt: at('resolved_at'),
    resolution: text('resolution'),
  },
  (t) => [
    check('forum_complaints_status', sql`${t.status} IN ('open', 'resolved')`),
    uniqueIndex('forum_complaints_message_user_key').on(t.messageId, t.userId),
    index('forum_complaints_open_idx').on(t.createdAt).where(sql`${t.status} = 'open'`),
  ],
);

/**
 * A voting of an asset's holders (spec sections 3 and 4, ADR 0027): suggestion → upcoming →
 * running → closed (approved or rejected), or expired. `snapshot_*` and `voting_weights` are the
 * holdings at `starts_at`; `result` is the final tally written once at closing.
 */
export const votings = pgTable(
  'votings',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    assetId: text('asset_id')
      .notNull()
      .references(() => assets.id),
    authorId: uuid('author_id')
      .notNull()
      .references(() => users.id),
    title: text('title').notNull(),
    description: text('description').notNull(),
    theme: text('theme').notNull(),
    phase: text('phase', { enum: ['suggestion', 'upcoming', 'running', 'closed', 'expired'] })
      .notNull()
      .default('suggestion'),
    outcome: text('outcome', { enum: ['approved', 'rejected'] }),
    winningOptionId: uuid('winning_option_id'),
    suggestedAt: at('suggested_at').notNull().defaultNow(),
    supportReachedAt: at('support_reached_at'),
    startsAt: at('starts_at'),
    endsAt: at('ends_at'),
    closedAt: at('closed_at'),
    snapshotShares: bigint('snapshot_shares', { mode: 'bigint' }),
    snapshotHolders: integer('snapshot_holders'),
    result: jsonb('result'),
  },
  (t) => [
    check('votings_phase', sql`${t.phase} IN ('suggestion', 'upcoming', 'running', 'closed', 'expired')`),
    check(
      'votings_outcome',
      sql`(${t.phase} = 'closed') = (${t.outcome} IS NOT NULL) AND (${t.outcome} IS NULL OR ${t.outcome} IN ('approved', 'rejected'))`,
    ),
    index('votings_asset_idx').on(t.assetId, t.suggestedAt),
    index('votings_due_idx').on(t.phase).where(sql`${t.phase} IN ('suggestion', 'upcoming', 'running')`),
  ],
);

export const votingOptions = pgTable(
  'voting_options',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    votingId: uuid('voting_id')
      .notNull()
      .references(() => votings.id),
    authorId: uuid('author_id').notNull(),
    title: text('title').notNull(),
    description: text('description').notNull(),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [index('voting_options_voting_idx').on(t.votingId, t.createdAt)],
);

/** Holders supporting a suggestion (spec section 5). */
export const votingSupports = pgTable(
  'voting_supports',
  {
    votingId: uuid('voting_id')
      .notNull()
      .references(() => votings.id),
    userId: uuid('user_id').notNull(),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ name: 'voting_supports_pk', columns: [t.votingId, t.userId] })],
);

/** Each holder's shares at the start of the vote, from the ledger's share books. */
export const votingWeights = pgTable(
  'voting_weights',
  {
    votingId: uuid('voting_id')
      .notNull()
      .references(() => votings.id),
    userId: uuid('user_id').notNull(),
    shares: bigint('shares', { mode: 'bigint' }).notNull(),
  },
  (t) => [
    primaryKey({ name: 'voting_weights_pk', columns: [t.votingId, t.userId] }),
    check('voting_weights_positive', sql`${t.shares} > 0`),
  ],
);

/** Each holder's current (last) vote; a withdrawal deletes the row. */
export const votingVotes = pgTable(
  'voting_votes',
  {
    votingId: uuid('voting_id')
      .notNull()
      .references(() => votings.id),
    userId: uuid('user_id').notNull(),
    choice: text('choice', { enum: ['option', 'againstAll', 'abstain'] }).notNull(),
    optionId: uuid('option_id').references(() => votingOptions.id),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'voting_votes_pk', columns: [t.votingId, t.userId] }),
    check(
      'voting_votes_choice',
      sql`${t.choice} IN ('option', 'againstAll', 'abstain') AND ((${t.choice} = 'option') = (${t.optionId} IS NOT NULL))`,
    ),
  ],
);
