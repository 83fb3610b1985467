import { type Db, queryRows } from '@bw/db';
import { sql } from 'drizzle-orm';

/**
 * The ledger's invariants (ADR 0005) as one read-only check of a whole database, for the
 * invariant tests, `npm run test:bank` and the restore drill (`npm run drill:restore`, ADR 0047):
 * every posting balanced per unit and with entries, no balance below zero that may not go there,
 * every balance (and its shards) equal to its entries, every unit summing to zero over all books.
 * Answers one line per violation; an empty list means the books hold.
 */
export const ledgerViolations = async (db: Db): Promise<string[]> => {
  const violations: string[] = [];
  const rows = <T extends Record<string, unknown>>(query: ReturnType<typeof sql>) => queryRows<T>(db, query);
  const listed = (label: string, found: Record<string, unknown>[]) => {
    for (const row of found.slice(0, 20)) violations.push(`${label}: ${JSON.stringify(row)}`);
    if (found.length > 20) violations.push(`${label}: ${found.length - 20} more`);
  };
  listed(
    'posting not balanced',
    await rows(sql`SELECT posting_id::text, unit, sum(amount)::text AS sum FROM ledger_entries
      GROUP BY posting_id, unit HAVING sum(amount) <> 0`),
  );
  listed(
    'posting without entries',
    await rows(sql`SELECT id::text FROM ledger_postings p
      WHERE NOT EXISTS (SELECT 1 FROM ledger_entries e WHERE e.posting_id = p.id)`),
  );
  listed(
    'balance below zero',
    await rows(
      sql`SELECT account_key, balance::text FROM ledger_account_balances WHERE balance < 0 AND NOT may_go_negative`,
    ),
  );
  listed(
    'balance shard below zero',
    await rows(
      sql`SELECT account_id::text, balance::text FROM ledger_balance_shards WHERE balance < 0 AND NOT may_go_negative`,
    ),
  );
  listed(
    'balance differs from its entries',
    await rows(sql`
      SELECT a.account_key, a.balance::text, coalesce(e.total, 0)::text AS entries FROM ledger_account_balances a
      LEFT JOIN (SELECT account_id, sum(amount) AS total FROM ledger_entries GROUP BY 1) e ON e.account_id = a.id
      WHERE a.balance <> coalesce(e.total, 0)`),
  );
  listed(
    'balance differs from its shards',
    await rows(sql`
      SELECT a.account_key, a.balance::text, s.total::text AS shards FROM ledger_account_balances a
      JOIN (SELECT account_id, sum(balance) AS total FROM ledger_balance_shards GROUP BY 1) s ON s.account_id = a.id
      WHERE a.balance <> s.total`),
  );
  listed(
    'unit does not sum to zero',
    await rows(
      sql`SELECT unit, sum(balance)::text AS sum FROM ledger_account_balances GROUP BY unit HAVING sum(balance) <> 0`,
    ),
  );
  listed(
    'hold resolved more than once',
    await rows(sql`SELECT split_part(idempotency_key, ':', 2) AS hold, count(*)::int AS postings FROM ledger_postings
      WHERE idempotency_key LIKE 'hold:%:posted' OR idempotency_key LIKE 'hold:%:voided'
      GROUP BY 1 HAVING count(*) > 1`),
  );
  return violations;
};
