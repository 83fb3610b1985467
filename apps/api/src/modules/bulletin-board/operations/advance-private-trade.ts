import type { Db } from '@bw/db';
import {
  nextPrivateTradeStep,
  type PrivateTradeStep,
  privateStepRefusal,
  privateTradeStepActor,
  privateTradeSteps,
} from '@bw/domain';
import type { Outbox } from '../../../jobs/outbox.js';
import { AppError } from '../../../lib/app-error.js';
import { withDeadlockRetry } from '../../../lib/deadlock-retry.js';
import { createSigningRequest } from '../../security-app/signing-requests.js';
import { enqueueUpdates } from '../bulletin-board.jobs.js';
import { findAsset, findOffer, lockTrade, type TradeRow, updateTrade } from '../bulletin-board.repo.js';
import { cancelTrade, settleTrade } from './settle-trade.js';

/** How long both parties have to sign a private trade: they also have to arrange the payment. */
export const PRIVATE_TRADE_SIGNING_SECONDS = 3 * 24 * 60 * 60;

/** Entering `signing`: both parties get a signing request for the transfer (spec section 4). */
const requestSignatures = async (tx: Db, trade: TradeRow, now: Date): Promise<Partial<TradeRow>> => {
  const offer = await findOffer(tx, trade.offerId);
  const asset = await findAsset(tx, trade.assetId);
  if (!offer || !asset) throw new AppError('OFFER_NOT_FOUND');
  const requestFor = async (userId: string) =>
    (
      await createSigningRequest(tx, {
        userId,
        kind: 'offer',
        now,
        expiresInSeconds: PRIVATE_TRADE_SIGNING_SECONDS,
        payload: {
          assetId: asset.id,
          assetName: asset.title,
          sharesCount: String(trade.sharesCount),
          priceCents: trade.pricePerShareCents.toString(),
          amountCents: trade.volumeCents.toString(),
          feeCents: (userId === trade.buyerUserId ? trade.buyerFeeCents : trade.sellerFeeCents).toString(),
          counterparty: 'Investor (privater Handel)',
          description:
            userId === trade.buyerUserId
              ? 'Privater Kauf: Übertragung der Anteile bestätigen'
              : 'Privater Verkauf: Übertragung der Anteile bestätigen',
        },
      })
    ).id;
  const ownerId = offer.firstPartyUserId;
  return {
    firstPartySigningRequestId: await requestFor(ownerId),
    secondPartySigningRequestId: await requestFor(trade.secondPartyUserId),
    firstPartySignedAt: null,
    secondPartySignedAt: null,
  };
};

/**
 * `POST /api/v1/bulletinboard/offer/progress` (spec section 4, private sale): the party whose turn
 * it is confirms the current step. Entering `signing` asks both for a signature; confirming
 * `finalRelease` (the seller) transfers the shares and debits the buyer's brokerage fee.
 */
export const advancePrivateTrade = (
  db: Db,
  outbox: Outbox,
  input: { userId: string; tradeId: string; step: PrivateTradeStep; now: Date },
): Promise<{ offerId: string }> =>
  withDeadlockRetry(() =>
    db.transaction(async (tx) => {
      const trade = await lockTrade(tx, input.tradeId);
      const role =
        trade?.buyerUserId === input.userId ? 'buyer' : trade?.sellerUserId === input.userId ? 'seller' : null;
      if (!trade || !role) throw new AppError('OFFER_TRADE_NOT_FOUND');
      if (!trade.step) throw new AppError('OFFER_TRADE_STEP_REFUSED');
      // A retry of a step this party already confirmed answers like the first call.
      const alreadyDone = privateTradeSteps.indexOf(input.step) < privateTradeSteps.indexOf(trade.step);
      if (alreadyDone && trade.status !== 'canceled' && privateTradeStepActor[input.step] === role) {
        return { offerId: trade.offerId };
      }
      if (trade.status !== 'pending') throw new AppError('OFFER_TRADE_STEP_REFUSED');
      if (privateStepRefusal(trade.step, input.step, role)) throw new AppError('OFFER_TRADE_STEP_REFUSED');
      if (input.step === 'finalRelease') {
        await settleTrade(tx, outbox, trade, input.now);
        return { offerId: trade.offerId };
      }
      const next = nextPrivateTradeStep(input.step);
      if (!next) throw new AppError('OFFER_TRADE_STEP_REFUSED');
      const extra = next === 'signing' ? await requestSignatures(tx, trade, input.now) : {};
      await updateTrade(tx, trade.id, { ...extra, step: next });
      await enqueueUpdates(outbox, tx, [trade.buyerUserId, trade.sellerUserId], []);
      return { offerId: trade.offerId };
    }),
  );

/** Steps at which a party may still walk away: nothing has been paid directly yet. */
export const WITHDRAWABLE_STEPS: ReadonlySet<PrivateTradeStep> = new Set(['contactDetails', 'sellerAcceptance']);

/**
 * `POST /api/v1/bulletinboard/offer/withdraw {tradeId}`: either party of a private trade leaves it
 * before the payment step (a counterparty who never answers must not bind shares for ever). The
 * trade's holds are voided and its shares go back on offer, as after a refused signature.
 */
export const withdrawPrivateTrade = (
  db: Db,
  outbox: Outbox,
  input: { userId: string; tradeId: string },
): Promise<{ offerId: string }> =>
  withDeadlockRetry(() =>
    db.transaction(async (tx) => {
      const trade = await lockTrade(tx, input.tradeId);
      if (!trade || (trade.buyerUserId !== input.userId && trade.sellerUserId !== input.userId))
        throw new AppError('OFFER_TRADE_NOT_FOUND');
      if (trade.status === 'canceled') return { offerId: trade.offerId };
      if (trade.status !== 'pending' || !trade.step || !WITHDRAWABLE_STEPS.has(trade.step))
        throw new AppError('OFFER_TRADE_STEP_REFUSED');
      await cancelTrade(tx, outbox, trade, 'rejected');
      return { offerId: trade.offerId };
    }),
  );
