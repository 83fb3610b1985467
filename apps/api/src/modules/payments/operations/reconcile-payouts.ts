import { type Db, queryRows } from '@bw/db';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Outbox } from '../../../jobs/outbox.js';
import type { PaymentProvider } from '../../../providers/payments/payment-provider.js';
import { applyPspEvent } from './apply-psp-event.js';

/** A confirmed payout still pending this long after it went to the provider is asked about. */
export const PAYOUT_RECONCILE_AFTER_MS = 15 * 60_000;
const BATCH = 200;

export type ReconcileResult = { checked: number; settled: number; voided: number; stillPending: number };

/**
 * The payouts whose webhook did not come (issue 18): confirmed (`pending` with a hold), sent to
 * the provider longer ago than the threshold. A payout held for staff review (`payout_reviews`
 * waiting) has not been sent and is left alone; a released one counts from its release.
 */
const overduePayouts = (db: Db, cutoff: Date) =>
  queryRows<{ id: string }>(
    db,
    sql`SELECT t.id FROM transactions t
        LEFT JOIN payout_reviews r ON r.transaction_id = t.id
        WHERE t.type = 'payout' AND t.status = 'pending' AND t.hold_id IS NOT NULL
          AND (r.transaction_id IS NULL OR r.status = 'released')
          AND GREATEST(t.updated_at, COALESCE(r.decided_at, t.updated_at)) <= ${cutoff.toISOString()}::timestamptz
        ORDER BY t.updated_at LIMIT ${BATCH}`,
  );

/**
 * Asks the provider for each overdue payout and applies its answer through the same path as its
 * webhook (`applyPspEvent`, one ledger posting or one void, exactly once): succeeded settles,
 * failed voids the hold. A payout the provider never received is voided too, so the money is
 * available again (the send job checks the status first, so it cannot be paid after that).
 */
export const reconcilePendingPayouts = async (
  db: Db,
  outbox: Outbox,
  provider: Pick<PaymentProvider, 'payoutStatus'>,
  input: { now: Date; log: FastifyBaseLogger; olderThanMs?: number },
): Promise<ReconcileResult> => {
  const cutoff = new Date(input.now.getTime() - (input.olderThanMs ?? PAYOUT_RECONCILE_AFTER_MS));
  const result: ReconcileResult = { checked: 0, settled: 0, voided: 0, stillPending: 0 };
  for (const { id } of await overduePayouts(db, cutoff)) {
    result.checked += 1;
    const status = await provider.payoutStatus(id);
    if (status.state === 'pending') {
      result.stillPending += 1;
      continue;
    }
    const eventId = `reconcile:${id}`;
    const outcome =
      status.state === 'succeeded'
        ? await applyPspEvent(db, outbox, { eventId, type: 'payout.succeeded', payoutId: id })
        : await applyPspEvent(db, outbox, {
            eventId,
            type: 'payout.failed',
            payoutId: id,
            reason: status.state === 'failed' ? status.reason : 'reconciliation: provider does not know the payout',
          });
    if (outcome.outcome !== 'applied') continue;
    if (status.state === 'succeeded') result.settled += 1;
    else result.voided += 1;
    input.log.warn({ payoutId: id, state: status.state }, 'payout reconciled without its webhook');
  }
  return result;
};
