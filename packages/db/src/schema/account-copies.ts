import { jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth.js';
import { partners } from './platform.js';

/** The parts of a profile copy-me carries over (ADR 0035). */
export const COPIED_PROFILE_PARTS = [
  'name',
  'phone',
  'personalInformation',
  'taxIds',
  'identification',
  'knowledgeAndExperience',
] as const;
export type CopiedProfilePart = (typeof COPIED_PROFILE_PARTS)[number];

/**
 * Issue 20, switch account (ADR 0035): one row per account made by `POST /api/v2/user/copy-me`,
 * with the consent the user gave. The accounts of one person are the origin (the account that was
 * registered) and every copy with that origin; a copy of a copy keeps the first origin.
 */
export const accountCopies = pgTable(
  'account_copies',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    originUserId: uuid('origin_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The account the caller was signed in with when copying. */
    sourceUserId: uuid('source_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    copyUserId: uuid('copy_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    destinationPartnerId: text('destination_partner_id')
      .notNull()
      .references(() => partners.partnerId),
    /** The German consent text the user confirmed, word for word. */
    consentText: text('consent_text').notNull(),
    consentedAt: timestamp('consented_at', { withTimezone: true }).notNull(),
    ipAddress: text('ip_address'),
    copiedParts: jsonb('copied_parts').$type<CopiedProfilePart[]>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('account_copies_copy_user_key').on(t.copyUserId),
    uniqueIndex('account_copies_origin_partner_key').on(t.originUserId, t.destinationPartnerId),
  ],
);
