import { describe, expect, it } from 'vitest';
import { classifyPriceWarning, priceWarningSatisfied } from './price-warning.js';

describe('price warnings against the 30-day VWAP (spec section 5)', () => {
  it.each([
    [10_000n, 10_000n, 'none'],
    [11_000n, 10_000n, 'none'], // exactly 10 % is not more than 10 %
    [11_001n, 10_000n, 'info'],
    [8_999n, 10_000n, 'info'], // below as well
    [12_000n, 10_000n, 'info'], // exactly 20 %
    [12_001n, 10_000n, 'confirm'],
    [7_999n, 10_000n, 'confirm'],
    [1n, null, 'none'], // no trades in 30 days: nothing to compare with
  ] as const)('%i ct against %s ct → %s', (price, average, level) => {
    expect(classifyPriceWarning(price, average)).toEqual({ level, averagePriceCents: average });
  });

  it('needs Accepted20PercentDifference only above 20 %', () => {
    const confirm = classifyPriceWarning(13_000n, 10_000n);
    expect(priceWarningSatisfied(confirm, [])).toBe(false);
    expect(priceWarningSatisfied(confirm, ['Accepted5KLimit'])).toBe(false);
    expect(priceWarningSatisfied(confirm, ['Accepted20PercentDifference'])).toBe(true);
    expect(priceWarningSatisfied(classifyPriceWarning(11_500n, 10_000n), [])).toBe(true);
  });
});
