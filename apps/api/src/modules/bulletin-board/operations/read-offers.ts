import type { BulletinOffer } from '@bw/contracts';
import { OFFER_LIST_LIMIT } from '@bw/contracts';
import { bulletinTrades, type Db } from '@bw/db';
import { and, eq, ne, or } from 'drizzle-orm';
import { AppError } from '../../../lib/app-error.js';
import { visibleOfferVisibilities } from '../../security-app/offer-visibility.js';
import {
  findOffer,
  findTrader,
  findTraders,
  listMyOffers,
  listOpenOffers,
  listTradesOfOffers,
  type OfferRow,
  signingRequestStates,
  type TraderRow,
} from '../bulletin-board.repo.js';
import { buildOfferViews } from '../offer-views.js';

const viewerOf = async (db: Db, userId: string): Promise<TraderRow> => {
  const viewer = await findTrader(db, userId);
  if (!viewer) throw new AppError('UNAUTHENTICATED');
  return viewer;
};

const isParty = async (db: Db, offer: OfferRow, userId: string): Promise<boolean> =>
  offer.firstPartyUserId === userId ||
  (await listTradesOfOffers(db, [offer.id])).some((t) => t.buyerUserId === userId || t.sellerUserId === userId);

/**
 * `GET /api/v1/bulletinboard/offer/{id}`: one offer with the caller's trades and their progress.
 * Open offers are visible to anyone allowed to see their visibility (spec section 6); others only
 * to their parties.
 */
export const getOffer = async (db: Db, userId: string, offerId: string, nowMs: number): Promise<BulletinOffer> => {
  const viewer = await viewerOf(db, userId);
  const offer = await findOffer(db, offerId);
  if (!offer) throw new AppError('OFFER_NOT_FOUND');
  const party = await isParty(db, offer, userId);
  const visible = offer.status === 'open' && visibleOfferVisibilities(viewer).includes(offer.visibility);
  if (!party && !visible) throw new AppError('OFFER_NOT_FOUND');
  const [view] = await buildOfferViews(db, [offer], userId, viewer, nowMs);
  if (!view) throw new AppError('OFFER_NOT_FOUND');
  return view;
};

/** `GET /api/v1/bulletinboard/offers`: open offers to take (cheapest first), or with `mine=true` the caller's. */
export const listOffers = async (
  db: Db,
  userId: string,
  query: { mine: 'true' | 'false'; assetId?: string; type?: 'buy' | 'sell' },
  nowMs: number,
): Promise<BulletinOffer[]> => {
  const viewer = await viewerOf(db, userId);
  const rows =
    query.mine === 'true'
      ? await listMyOffers(db, userId, { assetId: query.assetId, type: query.type, limit: OFFER_LIST_LIMIT })
      : await listOpenOffers(db, {
          assetId: query.assetId,
          type: query.type,
          visibilities: visibleOfferVisibilities(viewer),
          limit: OFFER_LIST_LIMIT,
        });
  return buildOfferViews(db, rows, userId, viewer, nowMs);
};

/**
 * `GET /api/v1/bulletinboard/offer/privateContactDetails/{id}` (spec section 7): for an offer id or
 * a trade id, the counterparty of each of the caller's private trades that are not canceled.
 */
export const privateContactDetails = async (db: Db, userId: string, id: string) => {
  const trades = await db
    .select()
    .from(bulletinTrades)
    .where(
      and(
        or(eq(bulletinTrades.id, id), eq(bulletinTrades.offerId, id)),
        or(eq(bulletinTrades.buyerUserId, userId), eq(bulletinTrades.sellerUserId, userId)),
        ne(bulletinTrades.status, 'canceled'),
      ),
    );
  const privateTrades = trades.filter((trade) => trade.step !== null);
  if (privateTrades.length === 0) throw new AppError('OFFER_CONTACT_DETAILS_FORBIDDEN');
  const people = await findTraders(
    db,
    privateTrades.map((trade) => (trade.buyerUserId === userId ? trade.sellerUserId : trade.buyerUserId)),
  );
  return privateTrades.map((trade) => {
    const role = trade.buyerUserId === userId ? ('seller' as const) : ('buyer' as const);
    const other = people.get(role === 'seller' ? trade.sellerUserId : trade.buyerUserId);
    return {
      tradeId: trade.id,
      role,
      firstName: other?.firstName ?? null,
      lastName: other?.lastName ?? null,
      email: other?.email ?? '',
      phone: other?.phone ?? null,
    };
  });
};

/**
 * `POST /api/v1/bulletinboard/offer/signingRequest {offerId}` (spec section 7): the caller's
 * signing requests for this offer (the offer's own for its owner, and the caller's trades'),
 * so a screen can send the user to the security app.
 */
export const offerSigningRequests = async (db: Db, userId: string, offerId: string) => {
  const offer = await findOffer(db, offerId);
  if (!offer) throw new AppError('OFFER_NOT_FOUND');
  const trades = (await listTradesOfOffers(db, [offer.id])).filter(
    (trade) => trade.buyerUserId === userId || trade.sellerUserId === userId,
  );
  if (offer.firstPartyUserId !== userId && trades.length === 0) throw new AppError('OFFER_NOT_FOUND');
  const isOwner = offer.firstPartyUserId === userId;
  const wanted: { id: string | null; purpose: 'offer' | 'trade'; tradeId: string | null }[] = [
    ...(isOwner ? [{ id: offer.signingRequestId, purpose: 'offer' as const, tradeId: null }] : []),
    ...trades.map((trade) => ({
      id: isOwner ? trade.firstPartySigningRequestId : trade.secondPartySigningRequestId,
      purpose: 'trade' as const,
      tradeId: trade.id,
    })),
  ];
  const states = await signingRequestStates(
    db,
    wanted.map((w) => w.id),
  );
  return wanted.flatMap((w) => {
    const state = w.id ? states.get(w.id) : undefined;
    if (!w.id || !state) return [];
    return [
      {
        signingRequestId: w.id,
        status: state.status,
        expiresAt: state.expiresAt.toISOString(),
        purpose: w.purpose,
        tradeId: w.tradeId,
      },
    ];
  });
};
