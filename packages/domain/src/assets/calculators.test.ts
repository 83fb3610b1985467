import { describe, expect, it } from 'vitest';
import { calculateEnergyImpact, energyImpactRoundedDown } from './energy-impact.js';
import {
  calculateYield,
  distributionPerPeriodRoundedDown,
  distributionRoundedDown,
  sharesForAmountRoundedDown,
} from './yield-calculator.js';

describe('yield calculator', () => {
  it('worked example: 10.000 € at 4,25 % distribution and 1,5 % value growth over 3 years', () => {
    // distribution per year: 10.000,00 € × 4,25 % = 425,00 €
    // value: 10.150,00 → 10.302,25 → 10.456,78375 → 10.456,78 € (half up)
    // return: 3 × 425,00 + 456,78 = 1.731,78 €
    const result = calculateYield({ investmentCents: 1_000_000n, distributionBps: 425, valueGrowthBps: 150, years: 3 });
    expect(result.years).toEqual([
      { year: 1, distributionCents: 42_500n, cumulativeDistributionCents: 42_500n, valueCents: 1_015_000n },
      { year: 2, distributionCents: 42_500n, cumulativeDistributionCents: 85_000n, valueCents: 1_030_225n },
      { year: 3, distributionCents: 42_500n, cumulativeDistributionCents: 127_500n, valueCents: 1_045_678n },
    ]);
    expect(result.totalDistributionCents).toBe(127_500n);
    expect(result.finalValueCents).toBe(1_045_678n);
    expect(result.totalReturnCents).toBe(173_178n);
  });

  it('stress scenario: value falls 2 % a year, the return can turn negative', () => {
    // 1.000 € at 1 %: 10,00 € a year; value 980,00 → 960,40; return 20,00 − 39,60 = −19,60 €
    const result = calculateYield({ investmentCents: 100_000n, distributionBps: 100, valueGrowthBps: -200, years: 2 });
    expect(result.finalValueCents).toBe(96_040n);
    expect(result.totalReturnCents).toBe(-1_960n);
  });

  it('rounds distributions down to the cent and payments per period down too', () => {
    // 333,33 € × 4,25 % = 14,1665… € → 14,16 €
    expect(distributionRoundedDown(33_333n, 425)).toBe(1_416n);
    // 425,00 € a year paid monthly: 35,4166… → 35,41 €
    expect(distributionPerPeriodRoundedDown(42_500n, 'monthly')).toBe(3_541n);
    expect(distributionPerPeriodRoundedDown(42_500n, 'quarterly')).toBe(10_625n);
    expect(distributionPerPeriodRoundedDown(42_500n, 'yearly')).toBe(42_500n);
  });

  it('buys whole shares only', () => {
    expect(sharesForAmountRoundedDown(99_999n, 10_000n)).toBe(9);
    expect(() => sharesForAmountRoundedDown(1n, 0n)).toThrow(RangeError);
  });

  it('rejects nonsense input', () => {
    expect(() => calculateYield({ investmentCents: -1n, distributionBps: 0, valueGrowthBps: 0, years: 1 })).toThrow();
    expect(() => calculateYield({ investmentCents: 1n, distributionBps: 1.5, valueGrowthBps: 0, years: 1 })).toThrow();
    expect(() => calculateYield({ investmentCents: 1n, distributionBps: 0, valueGrowthBps: 0, years: 0 })).toThrow();
  });
});

describe('energy-impact calculator (spec section 9 constants)', () => {
  it('worked example: 1.000 € in a 5.000-share plant producing 1.200.000 kWh a year', () => {
    // 1.000 € / 100 € = 10 shares; 10 / 5.000 of 1.200.000 kWh = 2.400 kWh
    // households 2.400 / 4.500 = 0,533 → 0,53; washing 2.400 / 0,75 = 3.200 cycles;
    // car 2.400 / 15,4 × 100 = 15.584,4 → 15.584 km; phone 2.400 / 5 = 480 years; streaming 2.400 / 0,2 = 12.000 h
    expect(
      calculateEnergyImpact({
        investmentCents: 100_000n,
        pricePerShareCents: 10_000n,
        totalShares: 5_000,
        annualProductionKwh: 1_200_000,
      }),
    ).toEqual({
      sharesCount: 10,
      kwh: 2_400,
      householdsHundredths: 53,
      washingCycles: 3_200,
      electricCarKm: 15_584,
      phoneChargingYears: 480,
      streamingHours: 12_000,
    });
  });

  it('a household is 4.500 kWh a year', () => {
    expect(energyImpactRoundedDown(4_500).householdsHundredths).toBe(100);
    expect(energyImpactRoundedDown(4_499).householdsHundredths).toBe(99);
  });

  it('cannot buy more shares than the plant has', () => {
    const impact = calculateEnergyImpact({
      investmentCents: 10_000_000n,
      pricePerShareCents: 100n,
      totalShares: 10,
      annualProductionKwh: 1_000,
    });
    expect(impact.sharesCount).toBe(10);
    expect(impact.kwh).toBe(1_000);
  });
});
