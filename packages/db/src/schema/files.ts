import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth.js';

/**
 * A file a signed-in user uploaded with `POST /api/v1/data/file` (issue 23): the bytes live in the
 * document store (`storage_key`), the row records owner, sniffed type and size. A file is attached
 * at most once: `attached_kind`/`attached_id` name the support request, forum message or voting
 * option it belongs to; who may download it follows from there.
 */
export const uploadedFiles = pgTable(
  'uploaded_files',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id),
    fileName: text('file_name').notNull(),
    contentType: text('content_type').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    sha256: text('sha256').notNull(),
    storageKey: text('storage_key').notNull(),
    attachedKind: text('attached_kind').$type<'supportRequest' | 'forumMessage' | 'votingOption'>(),
    attachedId: uuid('attached_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('uploaded_files_owner_idx').on(t.ownerId, t.createdAt),
    index('uploaded_files_attached_idx').on(t.attachedKind, t.attachedId),
    check(
      'uploaded_files_attached',
      sql`(${t.attachedKind} IS NULL) = (${t.attachedId} IS NULL) AND (${t.attachedKind} IS NULL OR ${t.attachedKind} IN ('supportRequest', 'forumMessage', 'votingOption'))`,
    ),
    check('uploaded_files_size', sql`${t.sizeBytes} > 0`),
  ],
);
