import type { Db } from '@bw/db';
import { buyOfferFillFee, feeRoundedHalfUp, totalPrice } from '@bw/domain';
import type { Outbox } from '../../../jobs/outbox.js';
import { oncePerKey, requestHashOf } from '../../../ledger/idempotency.js';
import { AppError } from '../../../lib/app-error.js';
import { withDeadlockRetry } from '../../../lib/deadlock-retry.js';
import { assertMayUseVisibility } from '../../security-app/offer-visibility.js';
import { createSigningRequest } from '../../security-app/signing-requests.js';
import { assertTradeAllowed } from '../../trade-rules/trade-rules.js';
import { enqueueUpdates } from '../bulletin-board.jobs.js';
import {
  findAsset,
  insertTrade,
  lockOffer,
  type OfferRow,
  refreshMarketFigures,
  type TraderRow,
  updateOffer,
  updateTrade,
} from '../bulletin-board.repo.js';
import { cashAccount, cashPerShareCents, holdOrRefuse, ownerReserve, rehold, sharesAccount } from '../reservations.js';
import { loadTrader, OFFER_SIGNING_SECONDS } from './create-offer.js';

type Fees = { buyerFeeCents: bigint; sellerFeeCents: bigint };

/**
 * The fees of one fill (spec section 9; ADR 0008). Public: each side pays its own partner's
 * transaction fee; the owner of a buy offer pays from the fee reserved with the offer. Private:
 * only the buyer pays, the brokerage fee.
 */
const fillFees = (offer: OfferRow, taker: TraderRow, sharesCount: number): Fees => {
  const volume = totalPrice(sharesCount, offer.pricePerShareCents);
  const ownerBuyFee = () =>
    buyOfferFillFee({
      fillShares: sharesCount,
      remainingShares: offer.sharesRemaining,
      priceCents: offer.pricePerShareCents,
      feeBps: offer.feeBps,
      feeReserveCents: offer.feeReserveCents,
    });
  if (offer.visibility === 'private') {
    return {
      buyerFeeCents: offer.type === 'buy' ? ownerBuyFee() : feeRoundedHalfUp(volume, taker.brokerageFeeBps),
      sellerFeeCents: 0n,
    };
  }
  return offer.type === 'sell'
    ? {
        buyerFeeCents: feeRoundedHalfUp(volume, taker.transactionFeeBps),
        sellerFeeCents: feeRoundedHalfUp(volume, offer.feeBps),
      }
    : { buyerFeeCents: ownerBuyFee(), sellerFeeCents: feeRoundedHalfUp(volume, taker.transactionFeeBps) };
};

const lockTakableOffer = async (tx: Db, offerId: string, taker: TraderRow, sharesWanted: number | undefined) => {
  const offer = await lockOffer(tx, offerId);
  if (!offer) throw new AppError('OFFER_NOT_FOUND');
  assertMayUseVisibility(taker, offer.visibility);
  if (offer.firstPartyUserId === taker.id) throw new AppError('OFFER_OWN');
  if (offer.status !== 'open' || offer.sharesRemaining === 0) throw new AppError('OFFER_NOT_OPEN');
  const sharesCount = sharesWanted ?? offer.sharesRemaining;
  if (sharesCount > offer.sharesRemaining) throw new AppError('OFFER_SHARES_NOT_AVAILABLE');
  return { offer, sharesCount };
};

/**
 * `POST /api/v1/bulletinboard/offer/interestedParty` (spec sections 4, 7): a counterparty takes
 * all or part of an open offer. Under the offer's row lock: the taken part of the owner's hold is
 * split off for this trade, the taker's side is reserved (cash and fee, or shares), and the rest
 * stays on offer. Public: the taker signs in the security app, then the trade settles. Private:
 * the trade starts at `contactDetails`.
 */
export const takeOffer = (
  db: Db,
  outbox: Outbox,
  input: {
    userId: string;
    offerId: string;
    shares?: number;
    acceptedWarnings?: readonly string[];
    acknowledgedAppropriateness?: boolean;
    idempotencyKey: string | null;
    now: Date;
  },
): Promise<{ offerId: string; tradeId: string }> =>
  withDeadlockRetry(() =>
    db.transaction(async (tx) => {
      const work = async () => {
        const taker = await loadTrader(tx, input.userId);
        const { offer, sharesCount } = await lockTakableOffer(tx, input.offerId, taker, input.shares);
        const fees = fillFees(offer, taker, sharesCount);
        const volumeCents = totalPrice(sharesCount, offer.pricePerShareCents);
        const takerBuys = offer.type === 'sell';
        // Taking a sell offer is a buy, taking a buy offer a sell: the same rules as anywhere else (ADR 0040).
        await assertTradeAllowed(tx, {
          userId: taker.id,
          assetId: offer.assetId,
          side: takerBuys ? 'buy' : 'sell',
          market: 'investors',
          sharesCount,
          pricePerShareCents: offer.pricePerShareCents,
          acceptedWarnings: input.acceptedWarnings ?? [],
          acknowledgedAppropriateness: input.acknowledgedAppropriateness === true,
          now: input.now,
        });
        const trade = await insertTrade(tx, {
          offerId: offer.id,
          assetId: offer.assetId,
          secondPartyUserId: taker.id,
          buyerUserId: takerBuys ? taker.id : offer.firstPartyUserId,
          sellerUserId: takerBuys ? offer.firstPartyUserId : taker.id,
          sharesCount,
          pricePerShareCents: offer.pricePerShareCents,
          volumeCents,
          buyerFeeCents: fees.buyerFeeCents,
          sellerFeeCents: fees.sellerFeeCents,
          step: offer.visibility === 'private' ? 'contactDetails' : null,
        });

        // The owner's part: split off the offer's hold (void, hold the part, hold the rest).
        const ownerFeePart = offer.type === 'buy' ? fees.buyerFeeCents : 0n;
        const sharesRemaining = offer.sharesRemaining - sharesCount;
        const feeReserveCents = offer.feeReserveCents - ownerFeePart;
        const rest = await rehold(tx, offer, ownerReserve(offer, sharesRemaining, feeReserveCents));
        const ownerPart = ownerReserve(offer, sharesCount, ownerFeePart);
        const firstPartyHoldId = await holdOrRefuse(tx, {
          key: `bulletin-trade:${trade.id}:first-party`,
          account:
            offer.type === 'sell'
              ? sharesAccount(offer.firstPartyUserId, offer.assetId)
              : cashAccount(offer.firstPartyUserId),
          amount: ownerPart,
        });
        // The taker's part: cash (price when public, plus fee) to buy, or the shares to sell.
        const secondPartyHoldId = await holdOrRefuse(tx, {
          key: `bulletin-trade:${trade.id}:second-party`,
          account: takerBuys ? cashAccount(taker.id) : sharesAccount(taker.id, offer.assetId),
          amount: takerBuys ? BigInt(sharesCount) * cashPerShareCents(offer) + fees.buyerFeeCents : BigInt(sharesCount),
        });

        let secondPartySigningRequestId: string | null = null;
        if (offer.visibility === 'bulletin') {
          const asset = await findAsset(tx, offer.assetId);
          const request = await createSigningRequest(tx, {
            userId: taker.id,
            kind: 'offer',
            expiresInSeconds: OFFER_SIGNING_SECONDS,
            now: input.now,
            payload: {
              assetId: offer.assetId,
              assetName: asset?.title ?? offer.assetId,
              sharesCount: String(sharesCount),
              priceCents: offer.pricePerShareCents.toString(),
              amountCents: volumeCents.toString(),
              feeCents: (takerBuys ? fees.buyerFeeCents : fees.sellerFeeCents).toString(),
              counterparty: 'Investor (Schwarzes Brett)',
              description: takerBuys ? 'Kauf aus einem Verkaufsangebot' : 'Verkauf an ein Kaufangebot',
            },
          });
          secondPartySigningRequestId = request.id;
        }
        await updateTrade(tx, trade.id, { firstPartyHoldId, secondPartyHoldId, secondPartySigningRequestId });
        await updateOffer(tx, offer.id, {
          ...rest,
          sharesRemaining,
          feeReserveCents,
          status: sharesRemaining === 0 ? 'accepted' : 'open',
        });
        await refreshMarketFigures(tx, offer.assetId);
        await enqueueUpdates(outbox, tx, [taker.id, offer.firstPartyUserId], [offer.assetId]);
        return { offerId: offer.id, tradeId: trade.id };
      };
      if (!input.idempotencyKey) return work();
      const requestHash = requestHashOf({ offerId: input.offerId, shares: input.shares ?? null });
      return (
        await oncePerKey(tx, { scope: `bulletin-take:${input.userId}`, key: input.idempotencyKey, requestHash }, work)
      ).value;
    }),
  );
