import type { Cents } from '../money.js';
import { sharesForAmountRoundedDown } from './yield-calculator.js';

/**
 * Spec section 9, assumed energy use, in watt-hours so every figure stays an integer:
 * washing 0.75 kWh per cycle, electric car 15.4 kWh per 100 km, phone charging 5 kWh per year,
 * streaming 0.2 kWh per hour, a household about 4,500 kWh per year.
 */
export const WASHING_CYCLE_WH = 750;
export const ELECTRIC_CAR_WH_PER_100_KM = 15_400;
export const PHONE_CHARGING_WH_PER_YEAR = 5_000;
export const STREAMING_WH_PER_HOUR = 200;
export const HOUSEHOLD_WH_PER_YEAR = 4_500_000;
const WH_PER_KWH = 1_000;

/** The assumptions as the energy data answer states them (`assumptions` in GET /api/v2/assets/{id}/energyData). */
export const ENERGY_ASSUMPTIONS = {
  washingCycleWh: WASHING_CYCLE_WH,
  electricCarWhPer100Km: ELECTRIC_CAR_WH_PER_100_KM,
  phoneChargingWhPerYear: PHONE_CHARGING_WH_PER_YEAR,
  streamingWhPerHour: STREAMING_WH_PER_HOUR,
  householdWhPerYear: HOUSEHOLD_WH_PER_YEAR,
} as const;

export type EnergyImpact = {
  kwh: number;
  /** Households supplied for a year, in hundredths (53 = 0,53 households), rounded down. */
  householdsHundredths: number;
  washingCycles: number;
  electricCarKm: number;
  phoneChargingYears: number;
  streamingHours: number;
};

/** What an amount of energy means in household terms; every count rounded down (never overstate impact). */
export const energyImpactRoundedDown = (kwh: number): EnergyImpact => {
  if (!Number.isSafeInteger(kwh) || kwh < 0) throw new RangeError('kWh must be a whole non-negative number');
  const wh = kwh * WH_PER_KWH;
  return {
    kwh,
    householdsHundredths: Math.floor((wh * 100) / HOUSEHOLD_WH_PER_YEAR),
    washingCycles: Math.floor(wh / WASHING_CYCLE_WH),
    electricCarKm: Math.floor((wh * 100) / ELECTRIC_CAR_WH_PER_100_KM),
    phoneChargingYears: Math.floor(wh / PHONE_CHARGING_WH_PER_YEAR),
    streamingHours: Math.floor(wh / STREAMING_WH_PER_HOUR),
  };
};

export type EnergyImpactInput = {
  investmentCents: Cents;
  pricePerShareCents: Cents;
  totalShares: number;
  annualProductionKwh: number;
};

export type InvestmentEnergyImpact = EnergyImpact & { sharesCount: number };

/**
 * The energy-impact calculator (spec section 2): the whole shares an investment buys, their part of
 * the plant's yearly production (rounded down to the kWh), and what that means in household terms.
 */
export const calculateEnergyImpact = (input: EnergyImpactInput): InvestmentEnergyImpact => {
  if (!Number.isSafeInteger(input.totalShares) || input.totalShares <= 0) {
    throw new RangeError('Total shares must be positive');
  }
  const sharesCount = Math.min(
    sharesForAmountRoundedDown(input.investmentCents, input.pricePerShareCents),
    input.totalShares,
  );
  const kwh = Number((BigInt(input.annualProductionKwh) * BigInt(sharesCount)) / BigInt(input.totalShares));
  return { ...energyImpactRoundedDown(kwh), sharesCount };
};
