import { createHash } from 'node:crypto';
import { type Db, idempotencyKeys } from '@bw/db';
import { and, eq } from 'drizzle-orm';
import { AppError } from '../lib/app-error.js';

export const requestHashOf = (value: unknown): string =>
  createHash('sha256').update(JSON.stringify(value)).digest('hex');

/**
 * Runs `work` once per (scope, key) inside the caller's transaction and keeps its answer; a retry
 * answers the first answer, the same key with another request is refused. The key row commits
 * with the work or not at all, so a failed attempt can be retried with the same key. A concurrent
 * retry waits on the key's unique index until the first attempt commits.
 */
export const oncePerKey = async <T>(
  tx: Db,
  input: { scope: string; key: string; requestHash: string },
  work: () => Promise<T>,
): Promise<{ value: T; replayed: boolean }> => {
  const [claimed] = await tx
    .insert(idempotencyKeys)
    .values({ scope: input.scope, key: input.key, requestHash: input.requestHash })
    .onConflictDoNothing()
    .returning({ key: idempotencyKeys.key });
  if (!claimed) {
    const [existing] = await tx
      .select()
      .from(idempotencyKeys)
      .where(and(eq(idempotencyKeys.scope, input.scope), eq(idempotencyKeys.key, input.key)));
    if (!existing || existing.response === null) throw new AppError('CONFLICT');
    if (existing.requestHash !== input.requestHash) throw new AppError('IDEMPOTENCY_KEY_REUSED');
    return { value: existing.response as T, replayed: true };
  }
  const value = await work();
  await tx
    .update(idempotencyKeys)
    .set({ response: value })
    .where(and(eq(idempotencyKeys.scope, input.scope), eq(idempotencyKeys.key, input.key)));
  return { value, replayed: false };
};
