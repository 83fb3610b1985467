import { queryRows } from '@bw/db';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { FilesDeps } from './upload-file.js';

/** An upload that nothing attached within a day is left over from an abandoned form (ADR 0032). */
export const UNATTACHED_FILE_RETENTION_HOURS = 24;
const BATCH = 500;

/**
 * Removes uploads that were never attached and are older than `olderThanHours`: in batches, each
 * one statement that deletes the rows (skipping any a request is attaching right now, which holds
 * its row lock; a file attached meanwhile no longer matches) and the idempotency keys that would
 * answer a retry of the upload with the removed file. The bytes go from the document store after
 * the commit: if that fails, bytes without a row are left (logged), never a row without bytes.
 */
export const pruneUnattachedFiles = async (
  deps: FilesDeps,
  options: { olderThanHours: number; log: Pick<FastifyBaseLogger, 'warn'> },
): Promise<number> => {
  let removed = 0;
  for (;;) {
    const gone = await queryRows<{ id: string; storage_key: string }>(
      deps.db,
      sql`WITH gone AS (
          DELETE FROM uploaded_files WHERE id IN (
            SELECT id FROM uploaded_files
            WHERE attached_kind IS NULL AND created_at < now() - make_interval(hours => ${options.olderThanHours})
            ORDER BY created_at LIMIT ${BATCH}
            FOR UPDATE SKIP LOCKED)
          AND attached_kind IS NULL
          RETURNING id, owner_id, storage_key),
        keys AS (
          DELETE FROM idempotency_keys k USING gone
          WHERE k.scope = 'data-file:' || gone.owner_id::text AND k.response->>'id' = gone.id::text)
        SELECT id::text AS id, storage_key FROM gone`,
    );
    for (const file of gone) {
      try {
        await deps.storage.remove(file.storage_key);
      } catch (error) {
        options.log.warn({ err: error, fileId: file.id }, 'unattached file: bytes not removed from the store');
      }
    }
    removed += gone.length;
    if (gone.length < BATCH) return removed;
  }
};
