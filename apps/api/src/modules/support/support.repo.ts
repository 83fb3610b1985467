import type { FileRef, SupportQuestion, SupportQueueItem } from '@bw/contracts';
import { type Db, queryRows, supportRequests } from '@bw/db';
import { desc, eq, sql } from 'drizzle-orm';
import { filesAttachedTo } from '../files/files.repo.js';

/**
 * Below this trigram word similarity a question does not match a misspelt query. 0.35 finds
 * "Auszalung" → "Auszahlung" and "Pasword vergesen" → "Passwort vergessen" and keeps unrelated
 * questions out (support.integration.test.ts measures both).
 */
export const TYPO_SIMILARITY = 0.35;

/**
 * The FAQ search (issue 23, ADR 0026): PostgreSQL full text with the german configuration
 * (stemming: "Auszahlungen" finds "Auszahlung") ranked with the question weighted above the
 * answer, plus pg_trgm word similarity for typos. Both PostgreSQL and PGlite (its pg_trgm
 * extension, loaded by packages/db) run the same statement.
 */
export const searchQuestions = (db: Db, query: string, limit: number) =>
  queryRows<SupportQuestion & { score: number }>(
    db,
    sql`WITH q AS (SELECT websearch_to_tsquery('german', ${query}) AS ts, lower(${query}) AS raw),
      scored AS (
        SELECT s.id, s.category, s.question, s.answer,
          ts_rank(setweight(to_tsvector('german', s.question), 'A') || setweight(to_tsvector('german', s.answer), 'B'), q.ts) AS rank,
          (setweight(to_tsvector('german', s.question), 'A') || setweight(to_tsvector('german', s.answer), 'B')) @@ q.ts AS hit,
          greatest(word_similarity(q.raw, lower(s.question)), word_similarity(q.raw, lower(s.question || ' ' || s.answer)) * 0.9) AS sim
        FROM support_questions s, q
      )
      SELECT id, category, question, answer, (rank * 4 + sim)::float8 AS score FROM scored
      WHERE hit OR sim >= ${TYPO_SIMILARITY}
      ORDER BY score DESC, id LIMIT ${limit}`,
  );

export const allQuestions = (db: Db, limit: number) =>
  queryRows<SupportQuestion>(
    db,
    sql`SELECT id, category, question, answer FROM support_questions ORDER BY id LIMIT ${limit}`,
  );

export const countQuestions = async (db: Db): Promise<number> =>
  (await queryRows<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM support_questions`))[0]?.n ?? 0;

type RequestRow = typeof supportRequests.$inferSelect;

export const toQueueItem = (row: RequestRow, attachments: FileRef[]): SupportQueueItem => ({
  id: row.id,
  kind: row.kind,
  email: row.email,
  subject: row.subject,
  message: row.message,
  weekday: row.weekday,
  timeWindow: row.timeWindow,
  phone: row.phone,
  rating: row.rating,
  status: row.status,
  answer: row.answer,
  attachments,
  createdAt: row.createdAt.toISOString(),
});

/** Queue items with their attachments (one query for all of them). */
export const toQueueItems = async (db: Db, rows: RequestRow[]): Promise<SupportQueueItem[]> => {
  const files = await filesAttachedTo(
    db,
    'supportRequest',
    rows.map((row) => row.id),
  );
  return rows.map((row) => toQueueItem(row, files.get(row.id) ?? []));
};

export const listSupportQueue = (db: Db, status: 'open' | 'answered' | 'all', limit: number) => {
  const query = db.select().from(supportRequests);
  return (status === 'all' ? query : query.where(eq(supportRequests.status, status)))
    .orderBy(desc(supportRequests.createdAt))
    .limit(limit);
};
