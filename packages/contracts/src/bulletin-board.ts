import { offerStatuses, offerVisibilities, privateTradeSteps } from '@bw/domain';
import { z } from 'zod';
import { assetId, centsString, offerParty } from './assets.js';

/**
 * The bulletin board (spec sections 1, 3, 4, 7; issue 10; ADR 0008): investors' buy and sell
 * offers, taken in whole or in part, settled delivery versus payment (public) or walked through
 * the private-trade steps. Money is a string of integer cents, shares are integers.
 */

/** Limits: one offer moves at most this many shares; prices up to 1 million euros per share. */
export const OFFER_MAX_SHARES = 1_000_000;
export const OFFER_MAX_PRICE_CENTS = 100_000_000n;
export const OFFER_LIST_LIMIT = 100;

const positiveCents = z
  .string()
  .regex(/^[1-9]\d{0,17}$/, 'Betrag in Cent, größer als 0')
  .refine((value) => BigInt(value) <= OFFER_MAX_PRICE_CENTS, 'Preis zu hoch');
const shares = z.number().int().min(1).max(OFFER_MAX_SHARES);

export const bulletinOfferType = z.enum(['buy', 'sell']);
export const acceptedWarning = z.enum(['Accepted5KLimit', 'Accepted20PercentDifference']);

/** POST /api/v1/bulletinboard/offer */
export const createOfferBody = z.strictObject({
  assetId,
  type: bulletinOfferType,
  /** Shares offered. */
  sharesAmount: shares,
  /** Price per share in cents. */
  price: positiveCents,
  visibility: z.enum(offerVisibilities).default('bulletin'),
  /**
   * `Accepted20PercentDifference` when the price is more than 20 % off the 30-day VWAP; on a buy
   * offer over EUR 5,000 also `Accepted5KLimit` (spec section 5).
   */
  acceptedWarnings: z.array(acceptedWarning).max(2).default([]),
  /** On a buy offer: the user continued past the appropriateness warning. */
  acknowledgedAppropriateness: z.boolean().optional(),
});
export type CreateOfferBody = z.infer<typeof createOfferBody>;

export const offerIdBody = z.strictObject({ offerId: z.uuid() });

/** POST /api/v1/bulletinboard/offer/interestedParty: take all (no `shares`) or part of an open offer. */
export const interestedPartyBody = z.strictObject({
  offerId: z.uuid(),
  shares: shares.optional(),
  /** Taking a sell offer is a buy: `Accepted5KLimit` over EUR 5,000 (spec section 5). */
  acceptedWarnings: z.array(acceptedWarning).max(2).optional(),
  /** Taking a sell offer: the user continued past the appropriateness warning. */
  acknowledgedAppropriateness: z.boolean().optional(),
});

export const privateTradeStep = z.enum(privateTradeSteps);

/** POST /api/v1/bulletinboard/offer/progress: confirm the current step of a private trade. */
export const tradeProgressBody = z.strictObject({ tradeId: z.uuid(), step: privateTradeStep });

/** POST /api/v1/bulletinboard/offer/withdraw: leave a private trade before the payment step. */
export const tradeIdBody = z.strictObject({ tradeId: z.uuid() });

export const bulletinIdParams = z.strictObject({ id: z.uuid() });

/** GET /api/v1/bulletinboard/offers */
export const offersQuery = z.strictObject({
  /** `true`: the caller's own offers and the offers the caller takes part in (any status). */
  mine: z.enum(['true', 'false']).default('false'),
  assetId: assetId.optional(),
  type: bulletinOfferType.optional(),
});

export const priceWarningView = z.object({
  /** none, info (more than 10 % off the 30-day VWAP) or confirm (more than 20 %). */
  level: z.enum(['none', 'info', 'confirm']),
  averagePrice30Days: centsString.nullable(),
});

export const signingRequestRef = z.object({
  signingRequestId: z.uuid(),
  status: z.enum(['pending', 'signed', 'rejected', 'expired']),
  expiresAt: z.string(),
});

/** One counterparty's take of an offer (a fill), as one of its parties sees it. */
export const bulletinTrade = z.object({
  tradeId: z.uuid(),
  offerId: z.uuid(),
  assetId: z.string(),
  visibility: z.enum(offerVisibilities),
  /** The caller's side. */
  role: z.enum(['buyer', 'seller']),
  /** Whether the caller owns the offer (first party) or took it (second party). */
  isFirstParty: z.boolean(),
  counterparty: offerParty,
  sharesAmount: z.number().int(),
  price: centsString,
  totalPrice: centsString,
  /** The buyer's fee (transaction fee; brokerage fee in a private trade). */
  buyerFee: centsString,
  /** The seller's transaction fee (0 in a private trade). */
  sellerFee: centsString,
  /** Buyer: price + fee; seller: price − fee. In a private trade the price is paid directly; only the fee moves through the account. */
  transactionTotalAmount: centsString,
  status: z.enum(['pending', 'completed', 'canceled']),
  cancelReason: z.enum(['rejected', 'expired', 'deleted']).nullable(),
  /** Private trades: the spec's progress steps; null for public trades. */
  step: privateTradeStep.nullable(),
  progress: z.array(z.object({ step: privateTradeStep, state: z.enum(['done', 'current', 'open']) })).nullable(),
  /** Which role acts next on a private trade, or who still has to sign. */
  waitingFor: z.array(z.enum(['buyer', 'seller'])),
  mySigningRequest: signingRequestRef.nullable(),
  createdAt: z.string(),
  completedAt: z.string().nullable(),
});
export type BulletinTrade = z.infer<typeof bulletinTrade>;

/**
 * An investor's offer (spec section 3, Offer) with the bulletin board's additions: what is left,
 * what settled, the price warning and, for its parties, the trades.
 */
export const bulletinOffer = z.object({
  offerId: z.uuid(),
  assetId: z.string(),
  assetName: z.string(),
  status: z.enum(offerStatuses),
  type: bulletinOfferType,
  visibility: z.enum(offerVisibilities),
  firstParty: offerParty,
  isMine: z.boolean(),
  /** Shares still to take. */
  sharesAmount: z.number().int(),
  sharesOffered: z.number().int(),
  sharesSettled: z.number().int(),
  price: centsString,
  /** Of the shares still to take. */
  totalPrice: centsString,
  /** The caller's fee for taking them all (the owner's own fee on own offers). */
  transactionFee: centsString,
  transactionTotalAmount: centsString,
  transactionFeeBps: z.number().int(),
  priceWarning: priceWarningView,
  acceptedWarnings: z.array(z.string()),
  /** The owner's approval of the offer in the security app (owner only). */
  signingRequest: signingRequestRef.nullable(),
  /** The trades the caller is a party of (all of them for the owner). */
  trades: z.array(bulletinTrade),
  createdAt: z.string(),
});
export type BulletinOffer = z.infer<typeof bulletinOffer>;

export const interestedPartyResult = z.object({ offer: bulletinOffer, trade: bulletinTrade });

/** GET /api/v1/bulletinboard/offer/privateContactDetails/{id}: the counterparty of each of the caller's private trades. */
export const privateContactDetails = z.array(
  z.object({
    tradeId: z.uuid(),
    role: z.enum(['buyer', 'seller']),
    firstName: z.string().nullable(),
    lastName: z.string().nullable(),
    email: z.string(),
    phone: z.string().nullable(),
  }),
);

/** POST /api/v1/bulletinboard/offer/signingRequest: the caller's pending signing requests for an offer. */
export const offerSigningRequests = z.array(
  signingRequestRef.extend({ purpose: z.enum(['offer', 'trade']), tradeId: z.uuid().nullable() }),
);

/** GET /api/v1/bulletinboard/holdings: shares and cash for the create-offer screens (spec section 4, processed user view). */
export const holdingsQuery = z.strictObject({ assetId: assetId.optional() });
export const bulletinHoldings = z.object({
  /** Cents available for buy offers (spec section 4: availableAmount equals the raw account amount). */
  availableAmount: centsString,
  assets: z.array(
    z.object({
      assetId: z.string(),
      assetName: z.string(),
      /** Shares owned, including those reserved for offers and trades. */
      sharesCount: z.number().int(),
      /** Shares less own open sell offers, less buy offers the user sells into. */
      availableShares: z.number().int(),
    }),
  ),
});
export type BulletinHoldings = z.infer<typeof bulletinHoldings>;

/** Error codes of the bulletin board; merged into `errorCatalog` in errors.ts. */
export const bulletinBoardErrors = {
  OFFER_NOT_FOUND: { status: 404 },
  OFFER_NOT_OPEN: { status: 409 },
  OFFER_OWN: { status: 409 },
  OFFER_NOT_OWNER: { status: 403 },
  /** Spec sections 5 and 8. */
  OFFER_SHARES_NOT_AVAILABLE: { status: 409 },
  /** Spec section 8: not enough money in the payment account → top-up prompt. */
  OFFER_INSUFFICIENT_FUNDS: { status: 409 },
  /** Spec section 5: more than 20 % off the 30-day average needs Accepted20PercentDifference. */
  OFFER_PRICE_WARNING_NOT_ACCEPTED: { status: 409 },
  /** Spec sections 5 and 6: only verified users may invest. */
  OFFER_USER_NOT_VERIFIED: { status: 403 },
  OFFER_ASSET_NOT_TRADABLE: { status: 409 },
  OFFER_TRADE_NOT_FOUND: { status: 404 },
  OFFER_TRADE_STEP_REFUSED: { status: 409 },
  OFFER_CONTACT_DETAILS_FORBIDDEN: { status: 403 },
} as const;
