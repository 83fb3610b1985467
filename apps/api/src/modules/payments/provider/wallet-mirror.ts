import { type Db, pspMirroredPostings, queryRows, reconciliationCases } from '@bw/db';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { isAppError } from '../../../lib/app-error.js';
import type { ProviderWallets } from '../../../providers/payments/payment-provider.js';

export const MIRROR_POSTINGS_JOB = 'payments.mirror-postings';
export const MIRROR_POSTINGS_CRON = '* * * * *';
export const RECONCILE_WALLETS_JOB = 'payments.reconcile-wallets';
/** Daily, at 04:15 (server time). */
export const RECONCILE_WALLETS_CRON = '15 4 * * *';
const BATCH = 200;
/** A user book of someone without a wallet at the provider yet. */
const NO_WALLET = 'no-wallet';

/**
 * Which provider wallet holds a ledger book's euros (ADR 0038): an investor's cash and held cash
 * sit in the investor's wallet, `platform_fees` in the fee wallet, every other house book in the
 * house wallet; `psp_clearing` is the money outside (pay-ins and payouts move it, not transfers).
 */
const WALLET_OF_BOOK = sql`CASE
    WHEN a.kind IN ('user_cash', 'user_cash_held') THEN coalesce(pa.provider_wallet_id, ${NO_WALLET})
    WHEN a.kind = 'psp_clearing' THEN NULL
    WHEN a.kind = 'platform_fees' THEN 'fees'
    ELSE 'house' END`;

type Leg = { wallet: string | null; amount: bigint };
type Transfer = { from: string; to: string; amountCents: bigint };

/** The transfers that move each wallet by its net amount: debtors pay creditors, largest first. */
export const transfersFor = (legs: Leg[]): Transfer[] | 'external' => {
  if (legs.some((leg) => leg.wallet === null)) return 'external';
  const net = new Map<string, bigint>();
  for (const leg of legs) net.set(leg.wallet as string, (net.get(leg.wallet as string) ?? 0n) + leg.amount);
  const debtors = [...net].filter(([, amount]) => amount < 0n).map(([wallet, amount]) => ({ wallet, left: -amount }));
  const creditors = [...net].filter(([, amount]) => amount > 0n).map(([wallet, amount]) => ({ wallet, left: amount }));
  const transfers: Transfer[] = [];
  for (const debtor of debtors) {
    for (const creditor of creditors) {
      if (debtor.left === 0n) break;
      if (creditor.left === 0n) continue;
      const amountCents = debtor.left < creditor.left ? debtor.left : creditor.left;
      transfers.push({ from: debtor.wallet, to: creditor.wallet, amountCents });
      debtor.left -= amountCents;
      creditor.left -= amountCents;
    }
  }
  return transfers;
};

export type MirrorResult = { mirrored: number; transfers: number; failed: number };

/**
 * Mirrors the ledger's euro postings at the provider (issue 38): each posting not yet mirrored, in
 * the order they were booked, becomes the transfers between wallets that move the same money.
 * The ledger stays the book of record; a transfer's idempotency key is the posting's id and the
 * pair of wallets, so a retry after a crash never moves money twice. A posting with the outside
 * (a pay-in, a payout) needs no transfer: the pay-in or payout itself moved the wallet. A failed
 * transfer (the provider down, a wallet short) leaves its posting for the next run.
 */
export const mirrorPostings = async (
  db: Db,
  wallets: ProviderWallets,
  log: FastifyBaseLogger,
): Promise<MirrorResult> => {
  const rows = await queryRows<{ posting_id: string; wallet: string | null; amount: string }>(
    db,
    sql`SELECT e.posting_id::text AS posting_id, ${WALLET_OF_BOOK} AS wallet, e.amount::text AS amount
        FROM ledger_entries e
        JOIN ledger_accounts a ON a.id = e.account_id
        LEFT JOIN payment_accounts pa ON pa.user_id = a.user_id
        WHERE e.unit = 'EUR' AND e.posting_id IN (
          SELECT p.id FROM ledger_postings p
          WHERE NOT EXISTS (SELECT 1 FROM psp_mirrored_postings m WHERE m.posting_id = p.id)
            AND EXISTS (SELECT 1 FROM ledger_entries x WHERE x.posting_id = p.id AND x.unit = 'EUR')
          ORDER BY p.id LIMIT ${BATCH})
        ORDER BY e.posting_id, e.id`,
  );
  const byPosting = new Map<string, Leg[]>();
  for (const row of rows) {
    const legs = byPosting.get(row.posting_id) ?? [];
    legs.push({ wallet: row.wallet, amount: BigInt(row.amount) });
    byPosting.set(row.posting_id, legs);
  }
  const result: MirrorResult = { mirrored: 0, transfers: 0, failed: 0 };
  const walletId = (wallet: string) =>
    wallet === 'fees' ? wallets.feeWalletId : wallet === 'house' ? wallets.houseWalletId : wallet;
  for (const [postingId, legs] of byPosting) {
    // A user book without a wallet at the provider: the posting waits until the wallet exists.
    if (legs.some((leg) => leg.wallet === NO_WALLET)) {
      result.failed += 1;
      continue;
    }
    const planned = transfersFor(legs);
    const done: { from: string; to: string; amountCents: string; transferId: string }[] = [];
    try {
      if (planned !== 'external') {
        for (const transfer of planned) {
          const from = walletId(transfer.from);
          const to = walletId(transfer.to);
          const { transferId } = await wallets.transfer({
            fromWalletId: from,
            toWalletId: to,
            amountCents: transfer.amountCents,
            idempotencyKey: `posting:${postingId}:${from}:${to}`,
          });
          done.push({ from, to, amountCents: transfer.amountCents.toString(), transferId });
        }
      }
    } catch (error) {
      result.failed += 1;
      log.warn({ postingId, err: isAppError(error) ? error.code : error }, 'ledger posting not mirrored yet');
      continue;
    }
    await db
      .insert(pspMirroredPostings)
      .values({ postingId: BigInt(postingId), transfers: done })
      .onConflictDoNothing();
    result.mirrored += 1;
    result.transfers += done.length;
  }
  return result;
};

export type WalletDifference = {
  walletRef: string;
  providerWalletId: string;
  userId: string | null;
  ledgerCents: bigint;
  providerCents: bigint;
  differenceCents: bigint;
};

/**
 * The daily reconciliation (issue 38): first the postings are mirrored, then each wallet's balance
 * at the provider is compared with what the ledger says it holds — its books over every mirrored
 * posting, less the payouts the provider has executed but not yet reported. Every difference opens
 * a back-office case (`reconciliation_cases`, one per wallet and day); nothing is corrected here.
 */
export const reconcileWallets = async (
  db: Db,
  wallets: ProviderWallets,
  input: { now: Date; log: FastifyBaseLogger },
): Promise<{ checked: number; differences: WalletDifference[] }> => {
  await mirrorPostings(db, wallets, input.log);
  const expected = await queryRows<{ wallet: string; user_id: string | null; cents: string }>(
    db,
    sql`SELECT w.wallet, max(w.user_id::text) AS user_id, sum(w.cents)::text AS cents FROM (
          SELECT ${WALLET_OF_BOOK} AS wallet, CASE WHEN a.kind LIKE 'user_%' THEN a.user_id END AS user_id, e.amount AS cents
          FROM ledger_entries e
          JOIN psp_mirrored_postings m ON m.posting_id = e.posting_id
          JOIN ledger_accounts a ON a.id = e.account_id
          LEFT JOIN payment_accounts pa ON pa.user_id = a.user_id
          WHERE e.unit = 'EUR'
          UNION ALL
          SELECT pa.provider_wallet_id, pa.user_id, 0 FROM payment_accounts pa
          UNION ALL
          SELECT pa.provider_wallet_id, t.user_id, -t.amount_cents
          FROM transactions t
          JOIN payment_accounts pa ON pa.user_id = t.user_id
          JOIN provider_objects o ON o.kind = 'payout' AND o.our_ref = t.id::text
          WHERE t.type = 'payout' AND t.status = 'pending'
          UNION ALL SELECT 'fees', NULL, 0
          UNION ALL SELECT 'house', NULL, 0
        ) w WHERE w.wallet IS NOT NULL AND w.wallet <> ${NO_WALLET} GROUP BY w.wallet ORDER BY w.wallet`,
  );
  const day = input.now.toISOString().slice(0, 10);
  const differences: WalletDifference[] = [];
  for (const row of expected) {
    const providerWalletId =
      row.wallet === 'fees' ? wallets.feeWalletId : row.wallet === 'house' ? wallets.houseWalletId : row.wallet;
    const providerCents = await wallets.balance(providerWalletId);
    const ledgerCents = BigInt(row.cents);
    if (providerCents === ledgerCents) continue;
    const difference: WalletDifference = {
      walletRef: row.wallet,
      providerWalletId,
      userId: row.user_id,
      ledgerCents,
      providerCents,
      differenceCents: providerCents - ledgerCents,
    };
    differences.push(difference);
    await db
      .insert(reconciliationCases)
      .values({ runDay: day, ...difference })
      .onConflictDoNothing();
  }
  if (differences.length > 0)
    input.log.error({ differences: differences.length }, 'wallet reconciliation found differences');
  return { checked: expected.length, differences };
};
