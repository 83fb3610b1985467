import type { Db } from '@bw/db';
import type { Outbox } from '../../../jobs/outbox.js';
import { voidHold } from '../../../ledger/ledger.js';
import { AppError } from '../../../lib/app-error.js';
import { withDeadlockRetry } from '../../../lib/deadlock-retry.js';
import { enqueueUpdates } from '../bulletin-board.jobs.js';
import { LIVE_OFFER_STATUSES, lockOffer, refreshMarketFigures, updateOffer } from '../bulletin-board.repo.js';

/**
 * `POST /api/v1/bulletinboard/offer/deleteRequest` (spec section 7): only the owner; what nobody
 * has taken goes back (the hold is voided) and the offer is `deleted`. Trades already in progress
 * keep their own holds and finish or fail on their own (ADR 0008). Deleting twice answers the
 * deleted offer again.
 */
export const deleteOffer = (db: Db, outbox: Outbox, input: { userId: string; offerId: string }): Promise<void> =>
  withDeadlockRetry(() =>
    db.transaction(async (tx) => {
      const offer = await lockOffer(tx, input.offerId);
      if (!offer) throw new AppError('OFFER_NOT_FOUND');
      if (offer.firstPartyUserId !== input.userId) throw new AppError('OFFER_NOT_OWNER');
      if (offer.status === 'deleted') return;
      if (!(LIVE_OFFER_STATUSES as readonly string[]).includes(offer.status)) throw new AppError('OFFER_NOT_OPEN');
      if (offer.holdId && offer.reservedAmount > 0n) await voidHold(tx, offer.holdId);
      await updateOffer(tx, offer.id, { status: 'deleted', reservedAmount: 0n, feeReserveCents: 0n });
      await refreshMarketFigures(tx, offer.assetId);
      await enqueueUpdates(outbox, tx, [offer.firstPartyUserId], [offer.assetId]);
    }),
  );
