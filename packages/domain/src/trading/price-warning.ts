import { type PriceDeviation, priceDeviation } from '../assets/price-history.js';
import type { Cents } from '../money.js';

/** Spec section 3, enumerations: Accepted warnings; the one a price needs. */
export const ACCEPTED_20_PERCENT_DIFFERENCE = 'Accepted20PercentDifference' as const;

export type PriceWarning = {
  /** none, info (> 10 % off the 30-day VWAP) or confirm (> 20 %), above or below. */
  level: PriceDeviation;
  averagePriceCents: Cents | null;
};

/** Spec section 5: classifies an offer price against the 30-day volume-weighted average. */
export const classifyPriceWarning = (priceCents: Cents, averagePriceCents: Cents | null): PriceWarning => ({
  level: priceDeviation(priceCents, averagePriceCents),
  averagePriceCents,
});

/**
 * Spec section 5: a price more than 20 % away needs the confirmation `Accepted20PercentDifference`
 * (buy and sell). Returns true when the offer may go ahead.
 */
export const priceWarningSatisfied = (warning: PriceWarning, accepted: readonly string[]): boolean =>
  warning.level !== 'confirm' || accepted.includes(ACCEPTED_20_PERCENT_DIFFERENCE);
