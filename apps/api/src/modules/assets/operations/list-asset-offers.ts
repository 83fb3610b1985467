import type { Offer } from '@bw/contracts';
import type { Db } from '@bw/db';
import type { FastifyRequest } from 'fastify';
import { findTraders, listOpenOffers } from '../../bulletin-board/bulletin-board.repo.js';
import { partyName, toAssetOffer } from '../../bulletin-board/offer-views.js';
import { visibleOfferVisibilities } from '../../security-app/offer-visibility.js';
import { issuerOffer } from '../asset-mappers.js';
import { partnerFees, requireListedAsset } from './get-asset.js';

/** Investors' offers listed per asset; the board has no paging (spec section 2: lowest price and depth). */
export const ASSET_OFFERS_LIMIT = 200;

/**
 * `GET /api/v2/assets/{id}/offers` (spec sections 2, 7): the issuer's offer beside the investors'
 * open offers: sell offers cheapest first (the depth a buyer sees), then buy offers highest
 * first. Fees are those of the caller's partner. A privateUser sees private offers only
 * (spec section 6); guests see every open offer.
 */
export const listAssetOffers = async (db: Db, request: FastifyRequest, id: string): Promise<Offer[]> => {
  const row = await requireListedAsset(db, id);
  const fees = await partnerFees(db, request);
  const visibilities = request.sessionUser
    ? visibleOfferVisibilities(request.sessionUser)
    : (['bulletin', 'private'] as const);
  const investorOffers = await listOpenOffers(db, { assetId: id, visibilities, limit: ASSET_OFFERS_LIMIT });
  const owners = await findTraders(
    db,
    investorOffers.map((offer) => offer.firstPartyUserId),
  );
  const sells = investorOffers.filter((offer) => offer.type === 'sell');
  const buys = investorOffers
    .filter((offer) => offer.type === 'buy')
    .sort((a, b) =>
      a.pricePerShareCents === b.pricePerShareCents ? 0 : a.pricePerShareCents > b.pricePerShareCents ? -1 : 1,
    );
  const issuer = visibilities.includes('bulletin') ? issuerOffer(row, fees.transactionFeeBps) : null;
  return [
    ...(issuer ? [issuer] : []),
    ...[...sells, ...buys].map((offer) => toAssetOffer(offer, partyName(owners.get(offer.firstPartyUserId)), fees)),
  ];
};
