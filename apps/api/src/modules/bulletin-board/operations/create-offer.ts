import type { CreateOfferBody } from '@bw/contracts';
import type { Db } from '@bw/db';
import { INVESTING_USER_STATUSES, offerTotals } from '@bw/domain';
import type { Outbox } from '../../../jobs/outbox.js';
import { oncePerKey, requestHashOf } from '../../../ledger/idempotency.js';
import { AppError } from '../../../lib/app-error.js';
import { withDeadlockRetry } from '../../../lib/deadlock-retry.js';
import { assertMayUseVisibility } from '../../security-app/offer-visibility.js';
import { createSigningRequest } from '../../security-app/signing-requests.js';
import { assertTradeAllowed } from '../../trade-rules/trade-rules.js';
import { enqueueUpdates } from '../bulletin-board.jobs.js';
import { findAsset, findTrader, insertOffer, type TraderRow, updateOffer } from '../bulletin-board.repo.js';
import { ownerReserve, rehold } from '../reservations.js';

/** Spec sections 5 and 6: only verified users may trade (the trade rules' set, ADR 0040). */
export const TRADING_USER_STATUSES: ReadonlySet<string> = INVESTING_USER_STATUSES;
/** How long the owner has to approve an offer (or a trade) in the security app. */
export const OFFER_SIGNING_SECONDS = 15 * 60;

/** The caller with the partner's fee rates; whether they may trade is the trade rules' answer (ADR 0040). */
export const loadTrader = async (tx: Db, userId: string): Promise<TraderRow> => {
  const trader = await findTrader(tx, userId);
  if (!trader) throw new AppError('UNAUTHENTICATED');
  return trader;
};

/**
 * The owner's fee rate (spec section 9): the partner's transaction fee on public offers; in a
 * private trade only the buyer pays, the brokerage fee.
 */
const ownerFeeBps = (trader: TraderRow, body: CreateOfferBody): number => {
  if (body.visibility === 'bulletin') return trader.transactionFeeBps;
  return body.type === 'buy' ? trader.brokerageFeeBps : 0;
};

/**
 * `POST /api/v1/bulletinboard/offer` (spec sections 4, 5, 7): asks the trade rules (a buy offer is a
 * buy, a sell offer a sell: ADR 0040) and the visibility, reserves the shares (sell) or the cash and fee (buy) and asks the owner to
 * sign the offer in the security app. The offer is `new` until signed, then `open`.
 */
export const createOffer = (
  db: Db,
  outbox: Outbox,
  input: { userId: string; body: CreateOfferBody; idempotencyKey: string | null; now: Date },
): Promise<{ offerId: string }> =>
  withDeadlockRetry(() =>
    db.transaction(async (tx) => {
      const work = async (): Promise<{ offerId: string }> => {
        const { body } = input;
        const trader = await loadTrader(tx, input.userId);
        const asset = await findAsset(tx, body.assetId);
        if (!asset) throw new AppError('ASSET_NOT_FOUND');
        if (asset.stage !== 'secondary') throw new AppError('OFFER_ASSET_NOT_TRADABLE');
        const priceCents = BigInt(body.price);
        const feeBps = ownerFeeBps(trader, body);
        const totals = offerTotals({ side: body.type, sharesCount: body.sharesAmount, priceCents, feeBps });
        // The rules of every buy, and the sell rules, before anything is reserved (ADR 0040).
        await assertTradeAllowed(tx, {
          userId: trader.id,
          assetId: asset.id,
          side: body.type,
          market: 'investors',
          sharesCount: body.sharesAmount,
          pricePerShareCents: priceCents,
          acceptedWarnings: body.acceptedWarnings,
          acknowledgedAppropriateness: body.acknowledgedAppropriateness === true,
          now: input.now,
        });
        assertMayUseVisibility(trader, body.visibility);
        const feeReserveCents = body.type === 'buy' ? totals.transactionFeeCents : 0n;
        const offer = await insertOffer(tx, {
          assetId: asset.id,
          type: body.type,
          status: 'new',
          visibility: body.visibility,
          firstPartyUserId: trader.id,
          pricePerShareCents: priceCents,
          sharesOffered: body.sharesAmount,
          sharesRemaining: body.sharesAmount,
          feeBps,
          feeReserveCents,
          acceptedWarnings: [...new Set(body.acceptedWarnings)],
        });
        const held = await rehold(tx, offer, ownerReserve(offer, body.sharesAmount, feeReserveCents));
        const request = await createSigningRequest(tx, {
          userId: trader.id,
          kind: 'offer',
          expiresInSeconds: OFFER_SIGNING_SECONDS,
          now: input.now,
          payload: {
            assetId: asset.id,
            assetName: asset.title,
            sharesCount: String(body.sharesAmount),
            priceCents: priceCents.toString(),
            amountCents: totals.totalPriceCents.toString(),
            feeCents: totals.transactionFeeCents.toString(),
            description: `${body.type === 'sell' ? 'Verkaufsangebot' : 'Kaufangebot'}${body.visibility === 'private' ? ' (privat)' : ''}`,
          },
        });
        await updateOffer(tx, offer.id, { ...held, signingRequestId: request.id });
        await enqueueUpdates(outbox, tx, [trader.id], []);
        return { offerId: offer.id };
      };
      if (!input.idempotencyKey) return work();
      const requestHash = requestHashOf(input.body);
      return (
        await oncePerKey(tx, { scope: `bulletin-offer:${input.userId}`, key: input.idempotencyKey, requestHash }, work)
      ).value;
    }),
  );
