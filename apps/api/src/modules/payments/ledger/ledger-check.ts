import { type Db, queryRows } from '@bw/db';
import { sql } from 'drizzle-orm';

/**
 * The ledger's invariants (ADR 0005), checked over the whole database: every posting balanced per
 * unit and not empty, no balance below zero that may not go there (account totals and their
 * shards), every account's balance the sum of its entries, every unit summing to zero. Answers
 * one line per violation, none when the books hold. Used by the invariant test under load and by
 * `npm run test:faults` after its outages (issue 41).
 */
export const ledgerViolations = async (db: Db): Promise<string[]> => {
  const checks: [string, ReturnType<typeof sql>][] = [
    [
      'posting not balanced',
      sql`SELECT posting_id::text AS id, unit AS detail FROM ledger_entries GROUP BY 1, 2 HAVING sum(amount) <> 0`,
    ],
    [
      'posting without entries',
      sql`SELECT id::text AS id, '' AS detail FROM ledger_postings p
        WHERE NOT EXISTS (SELECT 1 FROM ledger_entries e WHERE e.posting_id = p.id)`,
    ],
    [
      'balance below zero',
      sql`SELECT account_key AS id, balance::text AS detail FROM ledger_account_balances WHERE balance < 0 AND NOT may_go_negative`,
    ],
    [
      'balance shard below zero',
      sql`SELECT account_id::text AS id, balance::text AS detail FROM ledger_balance_shards WHERE balance < 0 AND NOT may_go_negative`,
    ],
    [
      'balance is not the sum of its entries',
      sql`SELECT a.account_key AS id, a.balance::text || ' vs ' || coalesce(e.total, 0)::text AS detail
        FROM ledger_account_balances a
        LEFT JOIN (SELECT account_id, sum(amount) AS total FROM ledger_entries GROUP BY 1) e ON e.account_id = a.id
        WHERE a.balance <> coalesce(e.total, 0)`,
    ],
    [
      'unit does not sum to zero',
      sql`SELECT unit AS id, sum(balance)::text AS detail FROM ledger_account_balances GROUP BY unit HAVING sum(balance) <> 0`,
    ],
  ];
  const violations: string[] = [];
  for (const [name, query] of checks) {
    for (const row of await queryRows<{ id: string; detail: string }>(db, query))
      violations.push(`${name}: ${row.id}${row.detail ? ` (${row.detail})` : ''}`);
  }
  return violations;
};
