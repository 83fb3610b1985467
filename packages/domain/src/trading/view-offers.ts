import { OPEN_OFFER_STATUSES, type ViewOffer } from '../processed-user-view.js';

/**
 * Spec section 4, processing of user data: availableShares is the shares minus the user's own
 * open sell offers (new, open, accepted) minus the buy offers in which the user is the second
 * party. With partial fills (ADR 0008) an offer binds what is not yet settled, and a buy offer
 * has one second party per fill; this turns offers and fills into the view's offers.
 */
export type BoardOffer = {
  offerId: string;
  assetId: string;
  type: 'buy' | 'sell';
  status: ViewOffer['status'];
  firstPartyUserId: string;
  sharesOffered: number;
  /** Shares settled by completed fills. */
  sharesSettled: number;
};

export type BoardFill = {
  offerId: string;
  secondPartyUserId: string;
  sharesCount: number;
  status: 'pending' | 'completed' | 'canceled';
};

export const viewOffersOfBoard = (offers: readonly BoardOffer[], fills: readonly BoardFill[]): ViewOffer[] => {
  const byId = new Map(offers.map((offer) => [offer.offerId, offer]));
  const pendingShares = (offerId: string) =>
    fills
      .filter((fill) => fill.offerId === offerId && fill.status === 'pending')
      .reduce((sum, fill) => sum + fill.sharesCount, 0);
  // A live sell offer binds all it has not settled; a deleted or closed one still binds the
  // shares of its trades in progress (they finish on their own).
  const sells: ViewOffer[] = offers
    .filter((offer) => offer.type === 'sell')
    .map((offer) => {
      const live = OPEN_OFFER_STATUSES.has(offer.status);
      return {
        assetId: offer.assetId,
        type: 'sell',
        status: live ? offer.status : 'accepted',
        sharesCount: live ? offer.sharesOffered - offer.sharesSettled : pendingShares(offer.offerId),
        firstPartyUserId: offer.firstPartyUserId,
        secondPartyUserId: null,
      };
    });
  const buyFills: ViewOffer[] = fills.flatMap((fill) => {
    const offer = byId.get(fill.offerId);
    if (offer?.type !== 'buy' || fill.status !== 'pending') return [];
    return [
      {
        assetId: offer.assetId,
        type: 'buy',
        status: 'accepted',
        sharesCount: fill.sharesCount,
        firstPartyUserId: offer.firstPartyUserId,
        secondPartyUserId: fill.secondPartyUserId,
      },
    ];
  });
  return [...sells, ...buyFills];
};
