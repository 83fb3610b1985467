import { type Db, queryRows } from '@bw/db';
import { sql } from 'drizzle-orm';

/**
 * Serializes one kind of change per user for the rest of the transaction (a transaction-level
 * advisory lock). For "create when none exists yet" steps: a row lock cannot lock a row that does
 * not exist, so without it concurrent requests each insert and all but one hit the unique index.
 * Take it first in the transaction (ADR 0023, lock order).
 */
export const lockUserScope = async (tx: Db, scope: string, userId: string): Promise<void> => {
  await queryRows(tx, sql`SELECT pg_advisory_xact_lock(hashtext(${`${scope}:${userId}`})) AS locked`);
};
