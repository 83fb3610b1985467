import { type BasisPoints, type Cents, feeRoundedHalfUp, totalPrice } from '../money.js';

/** What `shares` whole shares cost at `pricePerShareCents` with the buyer's fee (half up). */
export const costWithFee = (shares: number, pricePerShareCents: Cents, feeBps: BasisPoints): Cents => {
  const volume = totalPrice(shares, pricePerShareCents);
  return volume + feeRoundedHalfUp(volume, feeBps);
};

/**
 * Reinvestment (ADR 0034): the most whole shares, at most `limit`, whose price plus the buyer's fee
 * fits into `budgetCents`. Never more than the budget; what is left stays as cash.
 */
export const affordableShares = (input: {
  budgetCents: Cents;
  pricePerShareCents: Cents;
  feeBps: BasisPoints;
  limit: number;
}): number => {
  if (input.pricePerShareCents <= 0n || input.budgetCents <= 0n || input.limit <= 0) return 0;
  const byPrice = input.budgetCents / input.pricePerShareCents;
  let shares = Number(byPrice < BigInt(input.limit) ? byPrice : BigInt(input.limit));
  // The fee is at most the price again per share, so this loop runs a handful of times at most.
  while (shares > 0 && costWithFee(shares, input.pricePerShareCents, input.feeBps) > input.budgetCents) shares -= 1;
  return shares;
};
