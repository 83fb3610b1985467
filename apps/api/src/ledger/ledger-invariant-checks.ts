import { type Db, queryRows } from '@bw/db';
import { sql } from 'drizzle-orm';

/**
 * The ledger's structural invariants (ADR 0005), as `ledger-invariants.integration.test.ts` checks
 * them after its load: each query lists the violations, so every list must be empty. Shared by the
 * tests that run other load beside the ledger (standing orders, issue 40).
 */
export const ledgerInvariantChecks = {
  unbalancedPostings: sql`SELECT posting_id, unit FROM ledger_entries GROUP BY 1, 2 HAVING sum(amount) <> 0`,
  emptyPostings: sql`SELECT id FROM ledger_postings p WHERE NOT EXISTS (SELECT 1 FROM ledger_entries e WHERE e.posting_id = p.id)`,
  negativeBalances: sql`SELECT account_key FROM ledger_account_balances WHERE balance < 0 AND NOT may_go_negative`,
  negativeShards: sql`SELECT account_id FROM ledger_balance_shards WHERE balance < 0 AND NOT may_go_negative`,
  balancesNotTheirEntries: sql`
    SELECT a.account_key FROM ledger_account_balances a
    LEFT JOIN (SELECT account_id, sum(amount) AS total FROM ledger_entries GROUP BY 1) e ON e.account_id = a.id
    WHERE a.balance <> coalesce(e.total, 0)`,
  unitsNotZero: sql`SELECT unit FROM ledger_account_balances GROUP BY unit HAVING sum(balance) <> 0`,
} as const;

/** Every violation by check name (empty arrays when the ledger holds). */
export const ledgerViolations = async (db: Db): Promise<Record<keyof typeof ledgerInvariantChecks, unknown[]>> => {
  const entries = await Promise.all(
    Object.entries(ledgerInvariantChecks).map(async ([name, query]) => [name, await queryRows(db, query)] as const),
  );
  return Object.fromEntries(entries) as Record<keyof typeof ledgerInvariantChecks, unknown[]>;
};
