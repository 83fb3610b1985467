import type { ReconciliationView } from '@bw/contracts';
import { type Db, queryRows } from '@bw/db';
import { sql } from 'drizzle-orm';

const STALE_PAYOUT_HOURS = 24;
const MAX_DIFFERENCES = 100;

/**
 * The daily reconciliation (issue 21). Three views of the same money must agree: every unit of the
 * ledger sums to zero (double entry); the money the ledger says the provider holds (−psp_clearing)
 * equals what the provider's confirmed events say (pay-ins, wired purchases and assets' income in,
 * payouts out: every kind of event that moves money across the provider's border, issue 34);
 * and every settled money transaction has its posting. Differences are listed, nothing is changed.
 */
export const getReconciliation = async (db: Db, now: Date): Promise<ReconciliationView> => {
  const unbalanced = await queryRows<{ unit: string; sum: string }>(
    db,
    sql`SELECT unit, sum(balance)::text AS sum FROM ledger_account_balances GROUP BY unit HAVING sum(balance) <> 0 ORDER BY unit`,
  );
  const books = await queryRows<{ kind: string; balance: string }>(
    db,
    sql`SELECT kind, sum(balance)::text AS balance FROM ledger_account_balances WHERE unit = 'EUR' GROUP BY kind ORDER BY kind`,
  );
  const [confirmed] = await queryRows<{ cents: string }>(
    db,
    sql`
      SELECT (
        coalesce((SELECT sum(amount_cents) FROM transactions WHERE type = 'charge' AND method <> 'account' AND status = 'success'), 0)
        + coalesce((SELECT sum(amount_cents + fee_cents - bonus_cents) FROM primary_purchases WHERE method = 'bankWire' AND payment_received_at IS NOT NULL), 0)
        + coalesce((SELECT sum(amount_cents) FROM asset_income WHERE confirmed_at IS NOT NULL), 0)
        - coalesce((SELECT sum(amount_cents) FROM transactions WHERE type = 'payout' AND method <> 'account' AND status = 'success'), 0)
      )::text AS cents`,
  );
  const differences = await queryRows<{
    transaction_id: string;
    user_id: string;
    type: string;
    status: string;
    amount_cents: string;
    problem: string;
  }>(
    db,
    sql`
      SELECT * FROM (
        SELECT t.id AS transaction_id, t.user_id, t.type, t.status, t.amount_cents::text AS amount_cents,
          'Erfolgreich, aber ohne Buchung im Hauptbuch' AS problem, t.created_at
        FROM transactions t
        WHERE t.status = 'success' AND t.type IN ('charge', 'payout') AND t.amount_cents > 0
          AND NOT EXISTS (SELECT 1 FROM ledger_postings p WHERE p.transaction_id = t.id)
        UNION ALL
        SELECT t.id, t.user_id, t.type, t.status, t.amount_cents::text,
          ${`Auszahlung seit über ${STALE_PAYOUT_HOURS} Stunden beim Zahlungsdienstleister offen`}, t.created_at
        FROM transactions t
        WHERE t.type = 'payout' AND t.status = 'pending'
          AND t.updated_at < ${new Date(now.getTime() - STALE_PAYOUT_HOURS * 3_600_000).toISOString()}::timestamptz
      ) found
      ORDER BY created_at DESC
      LIMIT ${MAX_DIFFERENCES}`,
  );
  const [pending] = await queryRows<{ count: number }>(
    db,
    sql`SELECT count(*)::int AS count FROM transactions WHERE type = 'payout' AND status = 'pending'`,
  );
  const clearing = BigInt(books.find((book) => book.kind === 'psp_clearing')?.balance ?? '0');
  const ledgerProviderCents = -clearing;
  const confirmedCents = BigInt(confirmed?.cents ?? '0');
  return {
    generatedAt: now.toISOString(),
    ledgerBalanced: unbalanced.length === 0,
    unbalancedUnits: unbalanced,
    ledgerProviderCents: ledgerProviderCents.toString(),
    confirmedCents: confirmedCents.toString(),
    differenceCents: (ledgerProviderCents - confirmedCents).toString(),
    books: books.map((book) => ({ kind: book.kind, balanceCents: book.balance })),
    differences: differences.map((row) => ({
      transactionId: row.transaction_id,
      userId: row.user_id,
      type: row.type,
      status: row.status,
      amountCents: row.amount_cents,
      problem: row.problem,
    })),
    pendingPayouts: pending?.count ?? 0,
  };
};
