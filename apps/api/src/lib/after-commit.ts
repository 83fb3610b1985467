import type { Db } from '@bw/db';

/**
 * Work that must see a transaction's effects committed, asked for from inside it (e.g. a purchase
 * settled in a signing hook checks afterwards whether its asset's financing phase is over, ADR
 * 0017). It runs right after the commit, on the root database, in the order it was asked for; a
 * failed or rolled-back transaction runs none of it. Not durable: work that must survive a crash
 * between the commit and the run needs the outbox or a sweep job as well.
 */
export type AfterCommitWork = (db: Db) => Promise<void>;

/** Writes collected during a transaction and sent as its last statements (e.g. the outbox rows). */
export type BeforeCommitWork = (tx: Db) => Promise<void>;

const queues = new WeakMap<Db, AfterCommitWork[]>();
const closing = new WeakMap<Db, BeforeCommitWork[]>();

/**
 * `db.transaction(work)`, with the writes its callees collected with `beforeCommit` sent at the
 * end of `work`, still inside the transaction, then the work they asked for with `afterCommit`.
 */
export const transactionThen = async <T>(db: Db, work: (tx: Db) => Promise<T>): Promise<T> => {
  const queue: AfterCommitWork[] = [];
  const result = await db.transaction(async (tx) => {
    const last: BeforeCommitWork[] = [];
    queues.set(tx, queue);
    closing.set(tx, last);
    const value = await work(tx);
    // A flush may collect more (its length is read on every turn).
    for (let index = 0; index < last.length; index += 1) await last[index]?.(tx);
    return value;
  });
  for (const next of queue) await next(db);
  return result;
};

/**
 * Asks for `work` as the last statements of `tx`, after the caller's own (issue 27: a settlement's
 * outbox rows go in one statement); false when `tx` was not opened by `transactionThen`.
 */
export const beforeCommit = (tx: Db, work: BeforeCommitWork): boolean => {
  const last = closing.get(tx);
  if (!last) return false;
  last.push(work);
  return true;
};

/** Asks for `work` after the commit of `tx`; false when `tx` was not opened by `transactionThen`. */
export const afterCommit = (tx: Db, work: AfterCommitWork): boolean => {
  const queue = queues.get(tx);
  if (!queue) return false;
  queue.push(work);
  return true;
};
