import type { PayoutReviewRow } from '@bw/contracts';
import { type Db, payoutAccounts, payoutReviews, platformSettings, transactions, users } from '@bw/db';
import { DEFAULT_PAYOUT_REVIEW_THRESHOLD_CENTS } from '@bw/domain';
import { desc, eq, sql } from 'drizzle-orm';
import type { Outbox } from '../../../jobs/outbox.js';
import { cashBalances, voidHold } from '../../../ledger/ledger.js';
import { AppError } from '../../../lib/app-error.js';
import { type Actor, actorStaffId, writeAudit } from '../../../platform/audit.js';
import { notifyInvestor } from '../../notifications/investor-events.js';
import { SEND_PAYOUT_TOPIC } from '../payout-topic.js';

const THRESHOLD_KEY = 'payoutReviewThresholdCents';
const MAX_LISTED = 200;

/** Payouts of at least this amount wait for a staff member's release (platform setting, else the default). */
export const payoutReviewThreshold = async (db: Db): Promise<bigint> => {
  const [row] = await db.select().from(platformSettings).where(eq(platformSettings.key, THRESHOLD_KEY));
  const cents = (row?.value as { cents?: unknown } | undefined)?.cents;
  return typeof cents === 'string' && /^\d{1,15}$/.test(cents) ? BigInt(cents) : DEFAULT_PAYOUT_REVIEW_THRESHOLD_CENTS;
};

export const setPayoutReviewThreshold = (db: Db, actor: Actor, thresholdCents: bigint): Promise<bigint> =>
  db.transaction(async (tx) => {
    const before = await payoutReviewThreshold(tx);
    await tx
      .insert(platformSettings)
      .values({ key: THRESHOLD_KEY, value: { cents: thresholdCents.toString() }, updatedBy: actorStaffId(actor) })
      .onConflictDoUpdate({
        target: platformSettings.key,
        set: { value: { cents: thresholdCents.toString() }, updatedBy: actorStaffId(actor), updatedAt: new Date() },
      });
    await writeAudit(tx, actor, {
      action: 'payout.threshold',
      targetType: 'setting',
      targetId: THRESHOLD_KEY,
      before: before.toString(),
      after: thresholdCents.toString(),
    });
    return thresholdCents;
  });

/**
 * Called by the payout confirmation inside its transaction, after the hold: a payout at or above
 * the threshold waits for release (no provider call yet); below it the provider is asked at once.
 */
export const queueOrHoldForReview = async (tx: Db, outbox: Outbox, payout: { id: string; amountCents: bigint }) => {
  if (payout.amountCents >= (await payoutReviewThreshold(tx))) {
    await tx
      .insert(payoutReviews)
      .values({ transactionId: payout.id, amountCents: payout.amountCents })
      .onConflictDoNothing();
    return;
  }
  await outbox.enqueue(tx, SEND_PAYOUT_TOPIC, `payout:${payout.id}`, { transactionId: payout.id });
};

/** Payouts waiting for release first, then the latest decisions. */
export const listPayoutReviews = async (db: Db): Promise<PayoutReviewRow[]> => {
  const rows = await db
    .select({ review: payoutReviews, user: users, payee: payoutAccounts })
    .from(payoutReviews)
    .innerJoin(transactions, eq(transactions.id, payoutReviews.transactionId))
    .innerJoin(users, eq(users.id, transactions.userId))
    .leftJoin(payoutAccounts, eq(payoutAccounts.id, transactions.payoutAccountId))
    .orderBy(sql`${payoutReviews.status} <> 'waiting'`, desc(payoutReviews.createdAt))
    .limit(MAX_LISTED);
  return Promise.all(
    rows.map(async ({ review, user, payee }) => ({
      transactionId: review.transactionId,
      userId: user.id,
      email: user.email,
      name: [user.firstName, user.lastName].filter(Boolean).join(' ') || '–',
      amountCents: review.amountCents.toString(),
      iban: payee?.iban ?? '–',
      owner: payee?.owner ?? '–',
      availableCents: (await cashBalances(db, user.id)).availableCents.toString(),
      status: review.status,
      reason: review.reason,
      createdAt: review.createdAt.toISOString(),
      decidedAt: review.decidedAt?.toISOString() ?? null,
    })),
  );
};

/**
 * Release (the provider is asked, through the outbox) or reject (the held money returns to the
 * investor, the payout ends as canceled) a waiting payout, with a reason, once.
 */
export const decidePayout = (
  db: Db,
  outbox: Outbox,
  actor: Actor,
  input: { transactionId: string; decision: 'release' | 'reject'; reason: string; now: Date },
): Promise<{ status: 'released' | 'rejected' }> =>
  db.transaction(async (tx) => {
    const [review] = await tx
      .select()
      .from(payoutReviews)
      .where(eq(payoutReviews.transactionId, input.transactionId))
      .for('update');
    if (!review) throw new AppError('TRANSACTION_NOT_FOUND');
    if (review.status !== 'waiting') throw new AppError('PAYOUT_NOT_WAITING');
    const [payout] = await tx.select().from(transactions).where(eq(transactions.id, input.transactionId)).for('update');
    if (payout?.status !== 'pending' || !payout.holdId) throw new AppError('PAYOUT_NOT_WAITING');
    const status = input.decision === 'release' ? 'released' : 'rejected';
    if (input.decision === 'release') {
      await outbox.enqueue(tx, SEND_PAYOUT_TOPIC, `payout:${payout.id}`, { transactionId: payout.id });
    } else {
      await voidHold(tx, payout.holdId);
      await tx
        .update(transactions)
        .set({ status: 'canceled', paymentInformation: `Auszahlung abgelehnt: ${input.reason}`, updatedAt: input.now })
        .where(eq(transactions.id, payout.id));
      await notifyInvestor(tx, outbox, {
        kind: 'payout.rejected',
        userId: payout.userId,
        transactionId: payout.id,
        amountCents: payout.amountCents,
        reason: input.reason,
      });
    }
    await tx
      .update(payoutReviews)
      .set({ status, reason: input.reason, decidedBy: actorStaffId(actor), decidedAt: input.now })
      .where(eq(payoutReviews.transactionId, payout.id));
    await writeAudit(tx, actor, {
      action: `payout.${input.decision}`,
      targetType: 'transaction',
      targetId: payout.id,
      before: { status: review.status },
      after: { status, reason: input.reason },
    });
    return { status };
  });
