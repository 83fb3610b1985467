import type { BulletinOffer } from '@bw/contracts';
import type { ScreenRef } from '../../../config/paths';

/** The user's side of an offer: the owner's own side, else the opposite of the offer's. */
export const sideOf = (offer: Pick<BulletinOffer, 'type' | 'isMine'>): 'buy' | 'sell' =>
  offer.isMine ? offer.type : offer.type === 'sell' ? 'buy' : 'sell';

/**
 * Where an offer opens (spec section 2). Desktop has `trading/{id}/buy/{offerId}` and
 * `sell/{offerId}`; the phone families fall back to `buy-offer-overview/{offerId}` and
 * `trading-offer-overview/{offerId}` (config/paths.ts), so one ref serves every family.
 */
export const offerScreen = (offer: Pick<BulletinOffer, 'type' | 'isMine' | 'assetId' | 'offerId'>): ScreenRef => ({
  key: sideOf(offer) === 'buy' ? 'tradingBuy' : 'tradingSell',
  params: { id: offer.assetId, offerId: offer.offerId },
});

/** Query parameter of `trading/{id}` on the phones: the create form shown in place of the list. */
export const CREATE_PARAM = 'create';

/**
 * The create-offer screen. Desktop has `trading/{id}/create-buy-offer`; the phones fall back to
 * `trading/{id}`, where the `create` and `market` parameters open the form in the tab.
 */
export const createOfferScreen = (assetId: string, type: 'buy' | 'sell'): ScreenRef => ({
  key: type === 'buy' ? 'tradingCreateBuyOffer' : 'tradingCreateSellOffer',
  params: { id: assetId },
  search: `market=${type}&${CREATE_PARAM}=${type}`,
});
