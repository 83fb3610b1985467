import { assets, type Db, transactions } from '@bw/db';
import { BULLETIN_TRADE_PREFIX } from '@bw/domain';
import { eq } from 'drizzle-orm';
import type { Outbox } from '../../../jobs/outbox.js';
import type { Leg } from '../../../ledger/ledger.js';
import { post, postHold, voidHold } from '../../../ledger/ledger.js';
import { qualifyReferral } from '../../bonuses/referrals.js';
import { notifyInvestor } from '../../notifications/investor-events.js';
import { claimBestBonus, spendBonus } from '../../primary-market/operations/bonuses.js';
import { recordShareMovement } from '../../share-register/register-writer.js';
import { enqueueUpdates } from '../bulletin-board.jobs.js';
import {
  countPendingTrades,
  insertPricePoint,
  lockOffer,
  type OfferRow,
  refreshMarketFigures,
  type TradeRow,
  updateOffer,
  updateTrade,
} from '../bulletin-board.repo.js';
import { ownerReserve, rehold } from '../reservations.js';

/** The holds of a trade by what they hold: the seller's shares and the buyer's cash (price and/or fee). */
const holdsOf = (trade: TradeRow, offer: OfferRow) =>
  offer.type === 'sell'
    ? { sharesHoldId: trade.firstPartyHoldId, cashHoldId: trade.secondPartyHoldId }
    : { sharesHoldId: trade.secondPartyHoldId, cashHoldId: trade.firstPartyHoldId };

/** Spec section 3, Transaction: the buyer's buy and the seller's sell, each with its own fee. */
const tradeTransaction = (trade: TradeRow, type: 'buy' | 'sell', isPrivate: boolean) => ({
  userId: type === 'buy' ? trade.buyerUserId : trade.sellerUserId,
  assetId: trade.assetId,
  type,
  status: 'success' as const,
  method: isPrivate ? ('transfer' as const) : ('account' as const),
  amountCents: trade.volumeCents,
  feeCents: type === 'buy' ? trade.buyerFeeCents : trade.sellerFeeCents,
  sender: trade.buyerUserId,
  receiver: trade.sellerUserId,
  paymentInformation: `${BULLETIN_TRADE_PREFIX}${trade.id}`,
});

const positive = (legs: Leg[]): Leg[] => legs.filter((leg) => leg.amount > 0n);

/** After a trade ends: `closed` once every share settled and nothing is in progress. */
const offerStatusAfter = async (tx: Db, offer: OfferRow): Promise<OfferRow['status']> => {
  if (offer.status === 'deleted') return 'deleted';
  if (offer.sharesRemaining > 0) return 'open';
  return (await countPendingTrades(tx, offer.id)) > 0 ? 'accepted' : 'closed';
};

/**
 * Delivery versus payment in the caller's transaction (spec section 4; ADR 0008): the seller's
 * held shares go to the buyer, the buyer's held cash to the seller (less the seller's fee) and
 * the fees to the platform; the trade becomes a price point and a buy and a sell transaction.
 * In a private trade the price was paid directly: only the buyer's brokerage fee moves.
 */
export const settleTrade = async (tx: Db, outbox: Outbox, trade: TradeRow, now: Date): Promise<void> => {
  const offer = await lockOffer(tx, trade.offerId);
  if (!offer) throw new Error(`offer ${trade.offerId} of trade ${trade.id} missing`);
  const { sharesHoldId, cashHoldId } = holdsOf(trade, offer);
  const isPrivate = offer.visibility === 'private';
  const [buyerTx, sellerTx] = await tx
    .insert(transactions)
    .values([tradeTransaction(trade, 'buy', isPrivate), tradeTransaction(trade, 'sell', isPrivate)])
    .returning({ id: transactions.id });
  if (!sharesHoldId) throw new Error(`trade ${trade.id} holds no shares`);
  await postHold(tx, sharesHoldId, {
    kind: 'bulletin-trade-shares',
    to: [
      {
        account: { kind: 'user_shares', userId: trade.buyerUserId, assetId: trade.assetId },
        amount: BigInt(trade.sharesCount),
      },
    ],
  });
  if (cashHoldId) {
    const price = isPrivate ? 0n : trade.volumeCents;
    await postHold(tx, cashHoldId, {
      kind: 'bulletin-trade-cash',
      to: positive([
        {
          account: { kind: 'user_cash', userId: trade.sellerUserId },
          amount: price - (isPrivate ? 0n : trade.sellerFeeCents),
        },
        { account: { kind: 'platform_fees' }, amount: trade.buyerFeeCents + (isPrivate ? 0n : trade.sellerFeeCents) },
      ]),
    });
  }
  const bonusCents = !isPrivate && buyerTx ? await rewardBuyer(tx, outbox, trade, buyerTx.id, now) : 0n;
  // The share register's entry, in this transaction (issue 39): both parties' signed requests.
  await recordShareMovement(tx, {
    assetId: trade.assetId,
    kind: 'trade',
    fromUserId: trade.sellerUserId,
    toUserId: trade.buyerUserId,
    shares: trade.sharesCount,
    signingRequestIds: [trade.firstPartySigningRequestId ?? offer.signingRequestId, trade.secondPartySigningRequestId],
    time: now,
  });
  await insertPricePoint(tx, {
    assetId: trade.assetId,
    tradedAt: now,
    pricePerShareCents: trade.pricePerShareCents,
    sharesCount: trade.sharesCount,
  });
  await updateTrade(tx, trade.id, {
    status: 'completed',
    step: trade.step ? 'completed' : null,
    completedAt: now,
    buyerTransactionId: buyerTx?.id ?? null,
    sellerTransactionId: sellerTx?.id ?? null,
  });
  const settled = { ...offer, sharesSettled: offer.sharesSettled + trade.sharesCount };
  await updateOffer(tx, offer.id, {
    sharesSettled: settled.sharesSettled,
    status: await offerStatusAfter(tx, settled),
  });
  await refreshMarketFigures(tx, trade.assetId);
  await notifyParties(tx, outbox, trade, {
    isPrivate,
    bonusCents,
    buyerTransactionId: buyerTx?.id,
    sellerTransactionId: sellerTx?.id,
  });
  await enqueueUpdates(outbox, tx, [trade.buyerUserId, trade.sellerUserId], [trade.assetId]);
};

/** Issues 23 and 35: both sides learn of the settled trade in its own transaction, with its figures. */
const notifyParties = async (
  tx: Db,
  outbox: Outbox,
  trade: TradeRow,
  settled: { isPrivate: boolean; bonusCents: bigint; buyerTransactionId?: string; sellerTransactionId?: string },
): Promise<void> => {
  const [asset] = await tx.select({ title: assets.title }).from(assets).where(eq(assets.id, trade.assetId));
  const common = {
    tradeId: trade.id,
    assetId: trade.assetId,
    assetTitle: asset?.title ?? trade.assetId,
    shares: trade.sharesCount,
    volumeCents: trade.volumeCents,
    private: settled.isPrivate,
  };
  await notifyInvestor(tx, outbox, {
    kind: 'trade.bought',
    ...common,
    userId: trade.buyerUserId,
    feeCents: trade.buyerFeeCents,
    bonusCents: settled.bonusCents,
    ...(settled.buyerTransactionId ? { transactionId: settled.buyerTransactionId } : {}),
  });
  await notifyInvestor(tx, outbox, {
    kind: 'trade.sold',
    ...common,
    userId: trade.sellerUserId,
    feeCents: trade.sellerFeeCents,
    ...(settled.sellerTransactionId ? { transactionId: settled.sellerTransactionId } : {}),
  });
};

/**
 * What a bulletin-board purchase earns the buyer (issue 25): the biggest open bonus a campaign
 * allows on the secondary market comes back in cash from the bonus book (one balanced posting, the
 * bonus spent once, its amount on the buy transaction), and a referred investor's first qualifying
 * investment pays the referral bonus, as a purchase from the issuer does. Answers the bonus paid.
 */
const rewardBuyer = async (
  tx: Db,
  outbox: Outbox,
  trade: TradeRow,
  buyerTransactionId: string,
  now: Date,
): Promise<bigint> => {
  const bonus = await claimBestBonus(tx, {
    userId: trade.buyerUserId,
    market: 'secondaryMarket',
    investmentCents: trade.volumeCents,
  });
  let amount = 0n;
  if (bonus) {
    amount = bonus.amountCents < trade.volumeCents ? bonus.amountCents : trade.volumeCents;
    await bonus.bindTo(buyerTransactionId);
    await spendBonus(tx, bonus.id, now);
    await tx.update(transactions).set({ bonusCents: amount }).where(eq(transactions.id, buyerTransactionId));
    await post(tx, {
      key: `bulletin-trade:${trade.id}:bonus`,
      kind: 'secondary-market-bonus',
      transactionId: buyerTransactionId,
      legs: [
        { account: { kind: 'bonuses' }, amount: -amount },
        { account: { kind: 'user_cash', userId: trade.buyerUserId }, amount },
      ],
    });
  }
  await qualifyReferral(tx, outbox, {
    userId: trade.buyerUserId,
    transactionId: buyerTransactionId,
    investmentCents: trade.volumeCents,
  });
  return amount;
};

/**
 * A trade that will not happen (a refused or expired signature): both parties' holds are voided
 * and its shares (and the owner's fee part) go back on offer, unless the offer was deleted.
 */
export const cancelTrade = async (
  tx: Db,
  outbox: Outbox,
  trade: TradeRow,
  reason: 'rejected' | 'expired',
): Promise<void> => {
  const offer = await lockOffer(tx, trade.offerId);
  if (!offer) throw new Error(`offer ${trade.offerId} of trade ${trade.id} missing`);
  for (const holdId of [trade.firstPartyHoldId, trade.secondPartyHoldId]) if (holdId) await voidHold(tx, holdId);
  await updateTrade(tx, trade.id, { status: 'canceled', cancelReason: reason });
  if (offer.status !== 'deleted') {
    const sharesRemaining = offer.sharesRemaining + trade.sharesCount;
    const feeReserveCents = offer.feeReserveCents + (offer.type === 'buy' ? trade.buyerFeeCents : 0n);
    const held = await rehold(tx, offer, ownerReserve(offer, sharesRemaining, feeReserveCents));
    const back = { ...offer, sharesRemaining, feeReserveCents };
    await updateOffer(tx, offer.id, {
      ...held,
      sharesRemaining,
      feeReserveCents,
      status: await offerStatusAfter(tx, back),
    });
  }
  await refreshMarketFigures(tx, trade.assetId);
  await enqueueUpdates(outbox, tx, [trade.buyerUserId, trade.sellerUserId], [trade.assetId]);
};
