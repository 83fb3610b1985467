import type { BulletinOffer, BulletinTrade, Offer } from '@bw/contracts';
import type { Db } from '@bw/db';
import {
  classifyPriceWarning,
  offerTotals,
  type PrivateTradeStep,
  privateTradeProgress,
  privateTradeStepActor,
} from '@bw/domain';
import {
  assetTitles,
  averagePrice30Days,
  findTraders,
  listTradesOfOffers,
  type OfferRow,
  signingRequestStates,
  type TradeRow,
  type TraderRow,
} from './bulletin-board.repo.js';

/** How an offer and its trades look to one viewer (ADR 0008): own fees, own trades, own signatures. */
export type ViewerFees = { transactionFeeBps: number; brokerageFeeBps: number };

/** Spec section 3, Offer.firstParty: investors are shown by first name and initial, never by e-mail. */
export const partyName = (trader: Pick<TraderRow, 'firstName' | 'lastName'> | undefined): string => {
  if (!trader?.firstName) return 'Investor';
  return trader.lastName ? `${trader.firstName} ${trader.lastName.slice(0, 1)}.` : trader.firstName;
};

type SigningStates = Awaited<ReturnType<typeof signingRequestStates>>;

const signingRef = (states: SigningStates, id: string | null) => {
  if (!id) return null;
  const state = states.get(id);
  return state ? { signingRequestId: id, status: state.status, expiresAt: state.expiresAt.toISOString() } : null;
};

/** Who acts next: the actor of a private step, or the parties whose signature is missing. */
const waitingFor = (trade: TradeRow, offer: OfferRow): ('buyer' | 'seller')[] => {
  if (trade.status !== 'pending') return [];
  const takerRole = offer.type === 'sell' ? 'buyer' : 'seller';
  const ownerRole = takerRole === 'buyer' ? 'seller' : 'buyer';
  if (!trade.step) return trade.secondPartySignedAt ? [] : [takerRole];
  const actor = privateTradeStepActor[trade.step as PrivateTradeStep];
  if (actor === 'both') {
    return [...(trade.firstPartySignedAt ? [] : [ownerRole]), ...(trade.secondPartySignedAt ? [] : [takerRole])] as (
      | 'buyer'
      | 'seller'
    )[];
  }
  return actor ? [actor] : [];
};

export const tradeView = (
  trade: TradeRow,
  offer: OfferRow,
  viewerId: string,
  traders: Map<string, TraderRow>,
  states: SigningStates,
): BulletinTrade => {
  const role = trade.buyerUserId === viewerId ? 'buyer' : 'seller';
  const isFirstParty = offer.firstPartyUserId === viewerId;
  const counterpartyId = role === 'buyer' ? trade.sellerUserId : trade.buyerUserId;
  const total = role === 'buyer' ? trade.volumeCents + trade.buyerFeeCents : trade.volumeCents - trade.sellerFeeCents;
  return {
    tradeId: trade.id,
    offerId: trade.offerId,
    assetId: trade.assetId,
    visibility: offer.visibility,
    role,
    isFirstParty,
    counterparty: { kind: 'investor', name: partyName(traders.get(counterpartyId)) },
    sharesAmount: trade.sharesCount,
    price: trade.pricePerShareCents.toString(),
    totalPrice: trade.volumeCents.toString(),
    buyerFee: trade.buyerFeeCents.toString(),
    sellerFee: trade.sellerFeeCents.toString(),
    transactionTotalAmount: total.toString(),
    status: trade.status,
    cancelReason: trade.cancelReason,
    step: trade.step,
    progress: trade.step ? privateTradeProgress(trade.step) : null,
    waitingFor: waitingFor(trade, offer),
    mySigningRequest: signingRef(
      states,
      isFirstParty ? trade.firstPartySigningRequestId : trade.secondPartySigningRequestId,
    ),
    createdAt: trade.createdAt.toISOString(),
    completedAt: trade.completedAt?.toISOString() ?? null,
  };
};

/** The viewer's fee rate for this offer: the owner's own, or what taking it would cost the viewer. */
const viewerFeeBps = (offer: OfferRow, isMine: boolean, fees: ViewerFees): number => {
  if (isMine) return offer.feeBps;
  const viewerBuys = offer.type === 'sell';
  if (offer.visibility === 'private') return viewerBuys ? fees.brokerageFeeBps : 0;
  return fees.transactionFeeBps;
};

/** Totals of the shares still to take, for the viewer's side (spec section 3, secondary-market draft). */
export const offerFigures = (offer: OfferRow, viewerId: string | null, fees: ViewerFees) => {
  const isMine = offer.firstPartyUserId === viewerId;
  const side = (offer.type === 'sell') === isMine ? 'sell' : 'buy';
  const feeBps = viewerFeeBps(offer, isMine, fees);
  const totals = offerTotals({
    side,
    sharesCount: offer.sharesRemaining,
    priceCents: offer.pricePerShareCents,
    feeBps,
  });
  // The owner of a buy offer pays exactly the fee still reserved (ADR 0008, fee reserve).
  const feeCents = isMine && offer.type === 'buy' ? offer.feeReserveCents : totals.transactionFeeCents;
  const totalAmount = side === 'buy' ? totals.totalPriceCents + feeCents : totals.totalPriceCents - feeCents;
  return { isMine, feeBps, totalPriceCents: totals.totalPriceCents, feeCents, totalAmount };
};

/** Full views of offers for one viewer, with the viewer's trades (all trades for the owner). */
export const buildOfferViews = async (
  tx: Db,
  offers: OfferRow[],
  viewerId: string,
  fees: ViewerFees,
  nowMs: number,
): Promise<BulletinOffer[]> => {
  const trades = await listTradesOfOffers(
    tx,
    offers.map((offer) => offer.id),
  );
  const [traders, titles, states] = await Promise.all([
    findTraders(tx, [
      ...offers.map((offer) => offer.firstPartyUserId),
      ...trades.flatMap((trade) => [trade.buyerUserId, trade.sellerUserId]),
    ]),
    assetTitles(
      tx,
      offers.map((offer) => offer.assetId),
    ),
    signingRequestStates(tx, [
      ...offers.map((offer) => offer.signingRequestId),
      ...trades.flatMap((trade) => [trade.firstPartySigningRequestId, trade.secondPartySigningRequestId]),
    ]),
  ]);
  const averages = new Map<string, bigint | null>();
  for (const assetId of new Set(offers.map((offer) => offer.assetId))) {
    averages.set(assetId, await averagePrice30Days(tx, assetId, nowMs));
  }
  return offers.map((offer) => {
    const figures = offerFigures(offer, viewerId, fees);
    const warning = classifyPriceWarning(offer.pricePerShareCents, averages.get(offer.assetId) ?? null);
    const mine = trades.filter(
      (trade) =>
        trade.offerId === offer.id &&
        (figures.isMine || trade.buyerUserId === viewerId || trade.sellerUserId === viewerId),
    );
    return {
      offerId: offer.id,
      assetId: offer.assetId,
      assetName: titles.get(offer.assetId) ?? offer.assetId,
      status: offer.status,
      type: offer.type,
      visibility: offer.visibility,
      firstParty: { kind: 'investor', name: partyName(traders.get(offer.firstPartyUserId)) },
      isMine: figures.isMine,
      sharesAmount: offer.sharesRemaining,
      sharesOffered: offer.sharesOffered,
      sharesSettled: offer.sharesSettled,
      price: offer.pricePerShareCents.toString(),
      totalPrice: figures.totalPriceCents.toString(),
      transactionFee: figures.feeCents.toString(),
      transactionTotalAmount: figures.totalAmount.toString(),
      transactionFeeBps: figures.feeBps,
      priceWarning: {
        level: warning.level,
        averagePrice30Days: warning.averagePriceCents?.toString() ?? null,
      },
      acceptedWarnings: offer.acceptedWarnings,
      signingRequest: figures.isMine ? signingRef(states, offer.signingRequestId) : null,
      trades: mine.map((trade) => tradeView(trade, offer, viewerId, traders, states)),
      createdAt: offer.createdAt.toISOString(),
    };
  });
};

/**
 * The spec's Offer shape for `GET /api/v2/assets/{id}/offers` (guests too): investors' open
 * offers beside the issuer's, with the fee of whoever asks (the partner's rate).
 */
export const toAssetOffer = (offer: OfferRow, ownerName: string, fees: ViewerFees): Offer => {
  const figures = offerFigures(offer, null, fees);
  return {
    offerId: offer.id,
    assetId: offer.assetId,
    status: offer.status,
    type: offer.type,
    visibility: offer.visibility,
    firstParty: { kind: 'investor', name: ownerName },
    secondParty: null,
    amount: figures.totalPriceCents.toString(),
    sharesAmount: offer.sharesRemaining,
    price: offer.pricePerShareCents.toString(),
    totalPrice: figures.totalPriceCents.toString(),
    transactionFee: figures.feeCents.toString(),
    transactionTotalAmount: figures.totalAmount.toString(),
    transactionFeeBps: figures.feeBps,
    interestedParty: null,
    signingRequest: null,
    deleteRequest: null,
  };
};
