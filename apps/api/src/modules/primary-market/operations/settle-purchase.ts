import {
  assets,
  type Db,
  notaryAppointments,
  notaryReservations,
  type PrimaryPurchaseStatus,
  primaryPurchases,
  type transactions,
} from '@bw/db';
import { debitedCentsOfPurchase } from '@bw/domain';
import { eq, sql } from 'drizzle-orm';
import type { Outbox } from '../../../jobs/outbox.js';
import { enqueueRealtimeUpdates } from '../../../jobs/realtime-jobs.js';
import { heldAccountOf } from '../../../ledger/accounts.js';
import { type Leg, post, postKnownHold, voidHold } from '../../../ledger/ledger.js';
import { afterCommit, transactionThen } from '../../../lib/after-commit.js';
import { AppError } from '../../../lib/app-error.js';
import type { SettlementRegistry } from '../../../platform/settlements.js';
import { qualifyReferral } from '../../bonuses/referrals.js';
import { notifyInvestor } from '../../notifications/investor-events.js';
import type { SigningOutcome } from '../../security-app/signing-requests.js';
import { lockSigningRequest, withdrawSigningRequest } from '../../security-app/signing-requests.js';
import { recordShareMovement } from '../../share-register/register-writer.js';
import {
  countOpenPurchases,
  findPurchase,
  lockAsset,
  lockPurchaseWithAsset,
  type PurchaseRow,
  purchaseStatusCtes,
  releaseIssuerShares,
  setPurchaseStatus,
} from '../primary-market.repo.js';
import { releaseBonus, spendBonus } from './bonuses.js';

/**
 * What happens to a purchase from the issuer after `initInvestment` (issue 9, ADR 0010, ADR
 * 0017): the signature settles it (or, in the builder-owner model, opens the payment request), a
 * rejection, an expiry or a cancellation releases both reservations. Every step runs in the
 * caller's transaction and locks the purchase row first, then the books, then (only to give
 * shares back or to end the financing phase) the asset row, the order `initInvestment` takes
 * them in (books, then the asset), so none of them wait on each other in a cycle. A settlement
 * does not touch the asset row: purchases of one asset settle side by side.
 */

const announce = (tx: Db, outbox: Outbox, purchase: PurchaseRow, reason: string): Promise<void> =>
  enqueueRealtimeUpdates(outbox, tx, { userIds: [purchase.userId], assetIds: [purchase.assetId], reason });

const setStatus = (
  tx: Db,
  purchase: PurchaseRow,
  status: PrimaryPurchaseStatus,
  transactionStatus: (typeof transactions.$inferSelect)['status'],
  now: Date,
): Promise<void> => setPurchaseStatus(tx, { transactionId: purchase.transactionId, status, transactionStatus, now });

/** Issue 23: the investor's inbox learns of the settlement in the settlement's own transaction. */
const notifySettled = (tx: Db, outbox: Outbox, purchase: PurchaseRow, assetTitle: string): Promise<unknown> =>
  notifyInvestor(tx, outbox, {
    kind: 'purchase.settled',
    userId: purchase.userId,
    transactionId: purchase.transactionId,
    assetId: purchase.assetId,
    assetTitle,
    shares: purchase.shares,
    amountCents: purchase.amountCents,
    feeCents: purchase.feeCents,
    bonusCents: purchase.bonusCents,
  });

const positive = (legs: Leg[]): Leg[] => legs.filter((leg) => leg.amount !== 0n);

/** The issuer's cash: the price less the bonus from the investor, the bonus from the bonus book. */
const cashLegs = (purchase: PurchaseRow): Leg[] =>
  positive([
    { account: { kind: 'issuer_cash', assetId: purchase.assetId }, amount: purchase.amountCents - purchase.bonusCents },
    { account: { kind: 'platform_fees' }, amount: purchase.feeCents },
  ]);

const postBonus = async (tx: Db, purchase: PurchaseRow, now: Date): Promise<void> => {
  if (purchase.bonusCents === 0n) return;
  await post(tx, {
    key: `primary:${purchase.transactionId}:bonus`,
    kind: 'primary-bonus',
    transactionId: purchase.transactionId,
    legs: [
      { account: { kind: 'bonuses' }, amount: -purchase.bonusCents },
      { account: { kind: 'issuer_cash', assetId: purchase.assetId }, amount: purchase.bonusCents },
    ],
  });
  if (purchase.bonusId) await spendBonus(tx, purchase.bonusId, now);
};

/**
 * Spec section 1: the financing phase ends when all shares are sold, i.e. none is available and
 * no purchase still holds any. Run after a settlement committed: the last settlement to commit
 * sees every other one, so no two concurrent settlements can each leave it to the other. The
 * asset row is locked only here, so an asset that still has shares is never waited on.
 */
export const endFinancingPhaseIfSoldOut = async (db: Db, assetId: string, now: Date): Promise<boolean> => {
  const [asset] = await db
    .select({ stage: assets.stage, available: assets.availableShares })
    .from(assets)
    .where(eq(assets.id, assetId));
  if (asset?.stage !== 'primary' || asset.available !== 0) return false;
  return db.transaction(async (tx) => {
    const locked = await lockAsset(tx, assetId);
    if (locked?.stage !== 'primary' || locked.availableShares !== 0) return false;
    if ((await countOpenPurchases(tx, assetId)) > 0) return false;
    await tx.update(assets).set({ stage: 'secondary', updatedAt: now }).where(eq(assets.id, assetId));
    return true;
  });
};

/**
 * Shares to the investor and a price point; afterwards the end of the financing phase is checked.
 * `referralCode` is the buyer's, as the purchase's lock read it.
 */
const deliverShares = async (
  tx: Db,
  outbox: Outbox,
  purchase: PurchaseRow,
  now: Date,
  referralCode: string | null,
): Promise<void> => {
  // The shares' posting, and in its statement (issue 37) the purchase and its transaction settled
  // with the price point: written only when the posting's books matched (`matched`).
  await post(tx, {
    key: `primary:${purchase.transactionId}:shares`,
    kind: 'primary-shares',
    transactionId: purchase.transactionId,
    legs: [
      { account: { kind: 'issuer_shares', assetId: purchase.assetId }, amount: -BigInt(purchase.shares) },
      {
        account: { kind: 'user_shares', userId: purchase.userId, assetId: purchase.assetId },
        amount: BigInt(purchase.shares),
      },
    ],
    alongside: purchaseStatusCtes(
      {
        transactionId: purchase.transactionId,
        status: 'settled',
        transactionStatus: 'success',
        now,
        pricePoint: {
          assetId: purchase.assetId,
          pricePerShareCents: purchase.pricePerShareCents,
          sharesCount: purchase.shares,
        },
      },
      sql`matched`,
    ),
  });
  await qualifyReferral(tx, outbox, {
    userId: purchase.userId,
    transactionId: purchase.transactionId,
    investmentCents: purchase.amountCents,
    referralCode,
  });
  // The share register's entry, in this transaction (issue 39); its lock is taken last.
  await recordShareMovement(tx, {
    assetId: purchase.assetId,
    kind: 'purchase',
    fromUserId: null,
    toUserId: purchase.userId,
    shares: purchase.shares,
    signingRequestIds: [purchase.signingRequestId],
    time: now,
  });
  const check = async (db: Db) => {
    await endFinancingPhaseIfSoldOut(db, purchase.assetId, now);
  };
  // Every caller settles through `transactionThen`; anything else checks in its own transaction.
  if (!afterCommit(tx, check)) await check(tx);
};

const settleFromAccount = async (
  tx: Db,
  outbox: Outbox,
  purchase: PurchaseRow,
  now: Date,
  referralCode: string | null,
): Promise<void> => {
  // The purchase row is locked and still reserved, so its hold is pending and guarded by that
  // lock: it is resolved without being read first, and only if it is what the purchase says.
  if (purchase.cashHoldId) {
    await postKnownHold(
      tx,
      {
        holdId: purchase.cashHoldId,
        held: heldAccountOf({ kind: 'user_cash', userId: purchase.userId }),
        amount: debitedCentsOfPurchase(purchase),
        transactionId: purchase.transactionId,
      },
      { kind: 'primary-purchase', to: cashLegs(purchase) },
    );
  }
  await postBonus(tx, purchase, now);
  await deliverShares(tx, outbox, purchase, now, referralCode);
};

/** Releases both reservations: the cash and the bonus go back to the user, the shares to the asset. */
const release = async (
  tx: Db,
  purchase: PurchaseRow,
  status: 'canceled' | 'rejected' | 'expired',
  now: Date,
): Promise<void> => {
  if (purchase.cashHoldId) await voidHold(tx, purchase.cashHoldId);
  if (purchase.bonusId) await releaseBonus(tx, purchase.bonusId);
  const [reservation] = await tx
    .delete(notaryReservations)
    .where(eq(notaryReservations.transactionId, purchase.transactionId))
    .returning();
  if (reservation) {
    await tx
      .update(notaryAppointments)
      .set({ reserved: sql`${notaryAppointments.reserved} - 1` })
      .where(eq(notaryAppointments.id, reservation.appointmentId));
  }
  await setStatus(tx, purchase, status, 'canceled', now);
  await releaseIssuerShares(tx, purchase.assetId, purchase.shares);
};

/** The `trade` signing hook: ignores requests that are not purchases from the issuer (bulletin board). */
export const onPurchaseSigningOutcome =
  (outbox: Outbox) =>
  async (tx: Db, outcome: SigningOutcome): Promise<void> => {
    const locked = await lockPurchaseWithAsset(tx, { signingRequestId: outcome.request.id });
    const purchase = locked?.purchase;
    if (purchase?.status !== 'reserved') return;
    const now = new Date();
    if (outcome.status !== 'signed') {
      await release(tx, purchase, outcome.status, now);
      await announce(tx, outbox, purchase, `purchase-${outcome.status}`);
      return;
    }
    if (purchase.method === 'account') {
      await settleFromAccount(tx, outbox, purchase, now, locked?.buyerReferralCode ?? null);
      await notifySettled(tx, outbox, purchase, locked?.assetTitle ?? purchase.assetId);
      await announce(tx, outbox, purchase, 'purchase-settled');
      return;
    }
    await setStatus(tx, purchase, 'awaitingPayment', 'pending', now);
    await announce(tx, outbox, purchase, 'purchase-signed');
  };

/**
 * `POST /api/v1/assets/cancelTransaction`: the investor withdraws a purchase that is not signed
 * yet, or a builder-owner purchase whose payment has not arrived. Both reservations are released
 * and the signing request is withdrawn, so the app can no longer sign it.
 */
export const cancelPurchase = (
  db: Db,
  outbox: Outbox,
  settlements: SettlementRegistry,
  input: { userId: string; transactionId: string; now: Date },
): Promise<void> =>
  db.transaction(async (tx) => {
    // The lock order of every purchase step (ADR 0023): signing request, then the purchase, then
    // the ledger's books by id. A signature locks its request first; so does the cancellation,
    // so the two queue on one row instead of each holding what the other waits for (a deadlock).
    const seen = await findPurchase(tx, input.transactionId);
    if (!seen || seen.userId !== input.userId) throw new AppError('INVESTMENT_NOT_FOUND');
    await lockSigningRequest(tx, seen.userId, seen.signingRequestId);
    const purchase = (await lockPurchaseWithAsset(tx, { transactionId: input.transactionId }))?.purchase;
    if (!purchase || purchase.userId !== input.userId) throw new AppError('INVESTMENT_NOT_FOUND');
    if (purchase.status === 'canceled') return;
    const cancelable =
      purchase.status === 'reserved' || (purchase.status === 'awaitingPayment' && !purchase.paymentReceivedAt);
    if (!cancelable) throw new AppError('INVESTMENT_NOT_CANCELABLE');
    await release(tx, purchase, 'canceled', input.now);
    await withdrawSigningRequest(tx, settlements, {
      userId: purchase.userId,
      requestId: purchase.signingRequestId,
      now: input.now,
    });
    await announce(tx, outbox, purchase, 'purchase-canceled');
  });

/**
 * The builder-owner model's outside events, as the bank and the notary report them (sandbox:
 * `POST /api/v1/dev/primary/purchaseEvent`): the bank wire arrives at the issuer's escrow account
 * through the payment provider, the notary documents arrive. When both are in, the shares move.
 */
export const recordBuilderOwnerEvent = (
  db: Db,
  outbox: Outbox,
  input: { transactionId: string; event: 'paymentReceived' | 'notaryDocumentsReceived'; now: Date },
): Promise<PurchaseRow> =>
  transactionThen(db, async (tx) => {
    const locked = await lockPurchaseWithAsset(tx, { transactionId: input.transactionId });
    const purchase = locked?.purchase;
    if (!purchase || !locked) throw new AppError('INVESTMENT_NOT_FOUND');
    if (purchase.method !== 'bankWire') throw new AppError('INVESTMENT_NOT_BUILDER_OWNER');
    if (purchase.status !== 'awaitingPayment' && purchase.status !== 'awaitingNotary') return purchase;
    const changes: Partial<PurchaseRow> = {};
    if (input.event === 'paymentReceived' && !purchase.paymentReceivedAt) {
      const wired = debitedCentsOfPurchase(purchase);
      if (wired > 0n) {
        await post(tx, {
          key: `primary:${purchase.transactionId}:bank-wire`,
          kind: 'primary-bank-wire',
          transactionId: purchase.transactionId,
          legs: [{ account: { kind: 'psp_clearing' }, amount: -wired }, ...cashLegs(purchase)],
        });
      }
      await postBonus(tx, purchase, input.now);
      changes.paymentReceivedAt = input.now;
    }
    if (input.event === 'notaryDocumentsReceived' && !purchase.notaryDocumentsReceivedAt)
      changes.notaryDocumentsReceivedAt = input.now;
    const next = { ...purchase, ...changes };
    await tx.update(primaryPurchases).set(changes).where(eq(primaryPurchases.transactionId, purchase.transactionId));
    if (next.paymentReceivedAt && next.notaryDocumentsReceivedAt) {
      await deliverShares(tx, outbox, next, input.now, locked.buyerReferralCode);
      await notifySettled(tx, outbox, next, locked.assetTitle);
      next.status = 'settled';
    } else if (next.paymentReceivedAt) {
      await setStatus(tx, next, 'awaitingNotary', 'pending', input.now);
      next.status = 'awaitingNotary';
    }
    await announce(tx, outbox, next, `purchase-${input.event}`);
    return next;
  });
