import type { PlatformFees } from '@bw/contracts';
import { classifyPriceWarning, type OfferTotals, offerTotals, type PriceWarning } from '@bw/domain';

/**
 * The client-held create-offer draft (spec section 3, secondary-market draft: createBuyOffer and
 * createSellOffer with sharesAmount, price, totalPrice, transactionFee, transactionTotalAmount and
 * the with-bonus total for buy). The numbers come from `@bw/domain`, the server's own rules.
 */
export type OfferVisibility = 'bulletin' | 'private';

/**
 * The owner's fee rate (spec section 9, as the server charges it): the transaction fee on the
 * bulletin board; in a private trade only the buyer pays, the brokerage fee.
 */
export const ownerFeeBps = (type: 'buy' | 'sell', visibility: OfferVisibility, fees: PlatformFees): number => {
  if (visibility === 'bulletin') return fees.transactionFeeBps;
  return type === 'buy' ? fees.brokerageFeeBps : 0;
};

export type DraftFigures = {
  readonly totals: OfferTotals;
  readonly feeBps: number;
  readonly warning: PriceWarning;
};

export const draftFigures = (input: {
  type: 'buy' | 'sell';
  visibility: OfferVisibility;
  sharesCount: number;
  priceCents: bigint | null;
  averagePriceCents: bigint | null;
  fees: PlatformFees;
}): DraftFigures => {
  const feeBps = ownerFeeBps(input.type, input.visibility, input.fees);
  const priceCents = input.priceCents ?? 0n;
  const sharesCount = Number.isSafeInteger(input.sharesCount) && input.sharesCount > 0 ? input.sharesCount : 0;
  return {
    feeBps,
    totals: offerTotals({ side: input.type, sharesCount, priceCents, feeBps }),
    warning: classifyPriceWarning(priceCents, input.priceCents === null ? null : input.averagePriceCents),
  };
};

export type DraftProblem = 'shares' | 'price' | 'sharesAvailable' | 'funds' | null;

/** Spec section 5: never more shares than available, never more money than on the account. */
export const draftProblem = (input: {
  type: 'buy' | 'sell';
  sharesCount: number;
  priceCents: bigint | null;
  /** What the buyer pays through the payment account (`accountDebitCents`). */
  debitCents: bigint;
  availableShares: number | null;
  availableCents: bigint | null;
}): DraftProblem => {
  if (input.sharesCount <= 0) return 'shares';
  if (input.priceCents === null || input.priceCents <= 0n) return 'price';
  if (input.type === 'sell' && input.availableShares !== null && input.sharesCount > input.availableShares)
    return 'sharesAvailable';
  if (input.type === 'buy' && input.availableCents !== null && input.debitCents > input.availableCents) return 'funds';
  return null;
};

/**
 * What a buyer's payment account is debited: price and fee on the board; in a private trade the
 * price is paid directly, so only the brokerage fee (ADR 0008).
 */
export const accountDebitCents = (totals: OfferTotals, visibility: OfferVisibility): bigint =>
  visibility === 'private' ? totals.transactionFeeCents : totals.transactionTotalAmountCents;

/** The taker's totals for `sharesCount` of an offer, at the taker's fee rate that the offer view carries. */
export const takeTotals = (
  offer: { type: 'buy' | 'sell'; price: string; transactionFeeBps: number },
  sharesCount: number,
): OfferTotals =>
  offerTotals({
    side: offer.type === 'sell' ? 'buy' : 'sell',
    sharesCount: Number.isSafeInteger(sharesCount) && sharesCount > 0 ? sharesCount : 0,
    priceCents: BigInt(offer.price),
    feeBps: offer.transactionFeeBps,
  });
