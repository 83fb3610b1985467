import { type BasisPoints, BPS_PER_UNIT, type Cents } from '../money.js';
import type { DistributionFrequency } from './enums.js';

/** The asset page's calculators (yield and energy): up to this many years… */
export const MAX_CALCULATOR_YEARS = 50;
/** …and whole euros up to this amount; a larger amount is answered with its own message. */
export const MAX_CALCULATOR_EUROS = 10_000_000;

const assertBps = (value: BasisPoints, name: string, allowNegative = false): void => {
  if (!Number.isInteger(value) || (!allowNegative && value < 0) || value <= -10_000) {
    throw new RangeError(`${name} must be whole basis points`);
  }
};

/** A distribution is paid in whole cents and never rounded up: the remainder stays in the issuer's reserve. */
export const distributionRoundedDown = (baseCents: Cents, rateBps: BasisPoints): Cents =>
  (baseCents * BigInt(rateBps)) / BPS_PER_UNIT;

/** A value projection is shown to the nearest cent (half up). */
export const valueGrowthRoundedHalfUp = (valueCents: Cents, growthBps: BasisPoints): Cents => {
  const scaled = valueCents * (BPS_PER_UNIT + BigInt(growthBps));
  return (scaled + BPS_PER_UNIT / 2n) / BPS_PER_UNIT;
};

/** Whole shares an amount buys at a price per share; the remainder is not invested. */
export const sharesForAmountRoundedDown = (amountCents: Cents, pricePerShareCents: Cents): number => {
  if (pricePerShareCents <= 0n) throw new RangeError('Price per share must be positive');
  if (amountCents < 0n) throw new RangeError('Amount must not be negative');
  return Number(amountCents / pricePerShareCents);
};

const PERIODS_PER_YEAR: Record<DistributionFrequency, bigint> = { monthly: 12n, quarterly: 4n, yearly: 1n };

/** The payment per period of a yearly distribution (spec section 1: monthly, quarterly or yearly), rounded down. */
export const distributionPerPeriodRoundedDown = (annualCents: Cents, frequency: DistributionFrequency): Cents =>
  annualCents / PERIODS_PER_YEAR[frequency];

export type YieldInput = {
  investmentCents: Cents;
  /** Expected ongoing distribution p.a. on the invested amount. */
  distributionBps: BasisPoints;
  /** Expected change in value p.a. (may be negative in a stress scenario). */
  valueGrowthBps: BasisPoints;
  years: number;
};

export type YieldYear = {
  year: number;
  distributionCents: Cents;
  cumulativeDistributionCents: Cents;
  /** Value of the investment at the end of the year. */
  valueCents: Cents;
};

export type YieldResult = {
  years: YieldYear[];
  totalDistributionCents: Cents;
  finalValueCents: Cents;
  /** Distributions plus change in value; negative when the scenario loses money. */
  totalReturnCents: Cents;
};

/**
 * The asset detail's yield calculator (spec section 2): a yearly distribution on the invested
 * amount, rounded down per year, and a value that compounds yearly, rounded half up per year.
 */
export const calculateYield = (input: YieldInput): YieldResult => {
  if (input.investmentCents < 0n) throw new RangeError('Investment must not be negative');
  if (!Number.isInteger(input.years) || input.years < 1 || input.years > MAX_CALCULATOR_YEARS) {
    throw new RangeError(`Years must be 1 to ${MAX_CALCULATOR_YEARS}`);
  }
  assertBps(input.distributionBps, 'distributionBps');
  assertBps(input.valueGrowthBps, 'valueGrowthBps', true);
  const distributionCents = distributionRoundedDown(input.investmentCents, input.distributionBps);
  const years: YieldYear[] = [];
  let value = input.investmentCents;
  let cumulative = 0n;
  for (let year = 1; year <= input.years; year += 1) {
    value = valueGrowthRoundedHalfUp(value, input.valueGrowthBps);
    cumulative += distributionCents;
    years.push({ year, distributionCents, cumulativeDistributionCents: cumulative, valueCents: value });
  }
  return {
    years,
    totalDistributionCents: cumulative,
    finalValueCents: value,
    totalReturnCents: cumulative + value - input.investmentCents,
  };
};
