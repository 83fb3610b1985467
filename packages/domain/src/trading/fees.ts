import { type BasisPoints, type Cents, feeRoundedHalfUp, totalPrice } from '../money.js';

/**
 * Fees of the bulletin board (spec sections 3 and 9; ADR 0008). Every fee is basis points of a
 * volume in cents, rounded half up to the cent (`feeRoundedHalfUp`): 1 % of 12,345 ct is 123.45 ct
 * → 123 ct, of 12,350 ct 123.5 ct → 124 ct.
 */

/** Spec section 3, secondary-market draft: createBuyOffer / createSellOffer / buyFromInvestor. */
export type OfferTotals = {
  sharesCount: number;
  priceCents: Cents;
  /** Shares × price per share, exact. */
  totalPriceCents: Cents;
  /** The party's transaction fee on the total price. */
  transactionFeeCents: Cents;
  /** What a buyer pays (total + fee) or what a seller receives (total − fee). */
  transactionTotalAmountCents: Cents;
  /** The buyer's amount less a bonus, never below zero (transactionTotalAmountWithBonus). */
  transactionTotalAmountWithBonusCents: Cents;
};

export type TradeSide = 'buy' | 'sell';

/**
 * Totals of `sharesCount` shares at `priceCents` for one side: a buyer pays price plus fee, a
 * seller receives price less fee. A bonus only lowers what a buyer pays.
 */
export const offerTotals = (input: {
  side: TradeSide;
  sharesCount: number;
  priceCents: Cents;
  feeBps: BasisPoints;
  bonusCents?: Cents;
}): OfferTotals => {
  const totalPriceCents = totalPrice(input.sharesCount, input.priceCents);
  const transactionFeeCents = feeRoundedHalfUp(totalPriceCents, input.feeBps);
  const transactionTotalAmountCents =
    input.side === 'buy' ? totalPriceCents + transactionFeeCents : totalPriceCents - transactionFeeCents;
  const bonusCents = input.side === 'buy' ? (input.bonusCents ?? 0n) : 0n;
  const withBonus = transactionTotalAmountCents - bonusCents;
  return {
    sharesCount: input.sharesCount,
    priceCents: input.priceCents,
    totalPriceCents,
    transactionFeeCents,
    transactionTotalAmountCents,
    transactionTotalAmountWithBonusCents: withBonus < 0n ? 0n : withBonus,
  };
};

/**
 * The buyer's fee on one fill of a buy offer. The offer reserved its whole fee up front
 * (`feeReserveCents`); each fill pays half up of its own volume, capped by what is left of that
 * reserve, and the fill that takes the last shares takes the rest of it. So the fees of all fills
 * add up to exactly the fee the buyer saw and reserved, and no split ever needs a cent more.
 */
export const buyOfferFillFee = (input: {
  fillShares: number;
  remainingShares: number;
  priceCents: Cents;
  feeBps: BasisPoints;
  feeReserveCents: Cents;
}): Cents => {
  if (input.fillShares <= 0 || input.fillShares > input.remainingShares)
    throw new RangeError('A fill takes between one share and the remaining shares');
  if (input.fillShares === input.remainingShares) return input.feeReserveCents;
  const own = feeRoundedHalfUp(totalPrice(input.fillShares, input.priceCents), input.feeBps);
  return own < input.feeReserveCents ? own : input.feeReserveCents;
};

/** What a seller receives for a fill: the volume less the seller's own fee. */
export const sellerProceedsCents = (volumeCents: Cents, sellerFeeCents: Cents): Cents => {
  if (sellerFeeCents > volumeCents) throw new RangeError('A fee cannot exceed the volume');
  return volumeCents - sellerFeeCents;
};
