import type { Db } from '@bw/db';
import type { Outbox } from '../../../jobs/outbox.js';
import { voidHold } from '../../../ledger/ledger.js';
import type { SigningOutcome } from '../../security-app/signing-requests.js';
import { enqueueUpdates } from '../bulletin-board.jobs.js';
import {
  findOfferBySigningRequest,
  findTradeBySigningRequest,
  lockTrade,
  type OfferRow,
  refreshMarketFigures,
  updateOffer,
  updateTrade,
} from '../bulletin-board.repo.js';
import { cancelTrade, settleTrade } from './settle-trade.js';

/** The owner approved or refused the offer itself: `new` becomes `open`, or `deleted` with its hold voided. */
const onOfferOutcome = async (tx: Db, outbox: Outbox, offer: OfferRow, outcome: SigningOutcome): Promise<void> => {
  if (offer.status !== 'new') return;
  if (outcome.status === 'signed') {
    await updateOffer(tx, offer.id, { status: 'open' });
  } else {
    if (offer.holdId && offer.reservedAmount > 0n) await voidHold(tx, offer.holdId);
    await updateOffer(tx, offer.id, { status: 'deleted', reservedAmount: 0n, feeReserveCents: 0n });
  }
  await refreshMarketFigures(tx, offer.assetId);
  await enqueueUpdates(outbox, tx, [offer.firstPartyUserId], [offer.assetId]);
};

/**
 * The hook for signing requests of kind `offer` (ADR 0007, 0008): runs inside the transaction
 * that records the outcome, so a trade settles exactly when its last signature is stored. Requests
 * of other modules are not ours and are left alone.
 */
export const onOfferSigningOutcome =
  (outbox: Outbox) =>
  async (tx: Db, outcome: SigningOutcome): Promise<void> => {
    const requestId = outcome.request.id;
    const offer = await findOfferBySigningRequest(tx, requestId);
    if (offer) return onOfferOutcome(tx, outbox, offer, outcome);
    const found = await findTradeBySigningRequest(tx, requestId);
    if (!found) return;
    const trade = await lockTrade(tx, found.id);
    if (trade?.status !== 'pending') return;
    if (outcome.status !== 'signed') return cancelTrade(tx, outbox, trade, outcome.status);
    const now = new Date();
    const signed = await updateTrade(
      tx,
      trade.id,
      trade.firstPartySigningRequestId === requestId ? { firstPartySignedAt: now } : { secondPartySignedAt: now },
    );
    if (!signed.step) {
      // Public: the owner approved the offer's terms when signing the offer; the taker's signature completes it.
      if (signed.secondPartySignedAt) await settleTrade(tx, outbox, signed, now);
      return;
    }
    if (signed.step === 'signing' && signed.firstPartySignedAt && signed.secondPartySignedAt) {
      await updateTrade(tx, trade.id, { step: 'finalRelease' });
      await enqueueUpdates(outbox, tx, [trade.buyerUserId, trade.sellerUserId], []);
    }
  };
