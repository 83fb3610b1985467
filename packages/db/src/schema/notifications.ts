import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './auth.js';

/**
 * The investor's inbox (spec sections 3 and 4, issue 23). One row per event that concerns a user,
 * written in the event's own transaction (`notifyUser`), so it exists exactly when the event
 * happened; `key` makes a retried event one notification. `seq` orders the inbox and is the
 * keyset cursor of `GET /api/v1/notification` (ADR 0026).
 */
export const notifications = pgTable(
  'notifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    seq: bigint('seq', { mode: 'bigint' }).notNull().generatedAlwaysAsIdentity(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    key: text('key').notNull(),
    type: text('type').notNull(),
    event: text('event').notNull(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    link: text('link'),
    data: jsonb('data').$type<Record<string, string>>().notNull().default({}),
    sentDate: timestamp('sent_date', { withTimezone: true }).notNull().defaultNow(),
    seenAt: timestamp('seen_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('notifications_key').on(t.key),
    index('notifications_user_seq_idx').on(t.userId, t.seq),
    index('notifications_unread_idx').on(t.userId).where(sql`${t.seenAt} IS NULL`),
  ],
);

/** Per user and notification type: push and e-mail on or off (the inbox always gets it). */
export const notificationSettings = pgTable(
  'notification_settings',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    type: text('type').notNull(),
    push: boolean('push').notNull(),
    email: boolean('email').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.type] })],
);

/** An asset's channel the user follows (news, forum, price alerts): `asset:<id>:<topic>`. */
export const channelSubscriptions = pgTable(
  'channel_subscriptions',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    channel: text('channel').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.channel] }), index('channel_subscriptions_channel_idx').on(t.channel)],
);

/** One push registration per user and device: a Web Push subscription (JSON) or an FCM token. */
export const pushTokens = pgTable(
  'push_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    deviceId: text('device_id').notNull(),
    kind: text('kind').$type<'webpush' | 'fcm'>().notNull(),
    token: text('token').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('push_tokens_user_device_key').on(t.userId, t.deviceId),
    check('push_tokens_kind', sql`${t.kind} IN ('webpush', 'fcm')`),
  ],
);

/** The German FAQ behind `GET /api/v1/support/questions` (full text, german config, plus pg_trgm). */
export const supportQuestions = pgTable('support_questions', {
  id: integer('id').primaryKey(),
  category: text('category').notNull(),
  question: text('question').notNull(),
  answer: text('answer').notNull(),
});

/** "Schreib uns" and "Rückruf": the back office's support queue. */
export const supportRequests = pgTable(
  'support_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id').references(() => users.id),
    email: text('email').notNull(),
    kind: text('kind').$type<'message' | 'callback' | 'feedback'>().notNull(),
    subject: text('subject'),
    message: text('message').notNull(),
    weekday: smallint('weekday'),
    timeWindow: text('time_window'),
    phone: text('phone'),
    /** Feedback (ADR 0033): 1 to 5 stars; null for messages and call-backs. */
    rating: smallint('rating'),
    /** The client's id of the request: the same feedback sent twice is stored once. */
    requestId: uuid('request_id'),
    attachments: jsonb('attachments').$type<string[]>().notNull().default([]),
    status: text('status').$type<'open' | 'answered'>().notNull().default('open'),
    answer: text('answer'),
    answeredBy: text('answered_by'),
    answeredAt: timestamp('answered_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('support_requests_status_idx').on(t.status, t.createdAt),
    uniqueIndex('support_requests_request_idx').on(t.userId, t.requestId),
    check('support_requests_kind', sql`${t.kind} IN ('message', 'callback', 'feedback')`),
    check('support_requests_rating', sql`${t.rating} IS NULL OR ${t.rating} BETWEEN 1 AND 5`),
    check('support_requests_status', sql`${t.status} IN ('open', 'answered')`),
    check('support_requests_weekday', sql`${t.weekday} IS NULL OR ${t.weekday} BETWEEN 1 AND 5`),
  ],
);

/**
 * The app-rating prompt (ADR 0033): each user's last answer. `later` shows it again after
 * `showAfter`; `never`, `rated` and `feedback` end it for good.
 */
export const feedbackPrompts = pgTable(
  'feedback_prompts',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    prompt: text('prompt').$type<'appRating'>().notNull(),
    answer: text('answer').$type<'later' | 'never' | 'rated' | 'feedback'>().notNull(),
    showAfter: timestamp('show_after', { withTimezone: true }),
    answeredAt: timestamp('answered_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.prompt] }),
    check('feedback_prompts_prompt', sql`${t.prompt} IN ('appRating')`),
    check('feedback_prompts_answer', sql`${t.answer} IN ('later', 'never', 'rated', 'feedback')`),
  ],
);
