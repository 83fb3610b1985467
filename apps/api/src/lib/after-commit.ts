import type { Db } from '@bw/db';

/**
 * Work that must see a transaction's effects committed, asked for from inside it (e.g. a purchase
 * settled in a signing hook checks afterwards whether its asset's financing phase is over, ADR
 * 0017). It runs right after the commit, on the root database, in the order it was asked for; a
 * failed or rolled-back transaction runs none of it. Not durable: work that must survive a crash
 * between the commit and the run needs the outbox or a sweep job as well.
 */
export type AfterCommitWork = (db: Db) => Promise<void>;

const queues = new WeakMap<Db, AfterCommitWork[]>();

/** `db.transaction(work)`, then the work its callees asked for with `afterCommit`. */
export const transactionThen = async <T>(db: Db, work: (tx: Db) => Promise<T>): Promise<T> => {
  const queue: AfterCommitWork[] = [];
  const result = await db.transaction(async (tx) => {
    queues.set(tx, queue);
    return work(tx);
  });
  for (const next of queue) await next(db);
  return result;
};

/** Asks for `work` after the commit of `tx`; false when `tx` was not opened by `transactionThen`. */
export const afterCommit = (tx: Db, work: AfterCommitWork): boolean => {
  const queue = queues.get(tx);
  if (!queue) return false;
  queue.push(work);
  return true;
};
