import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { affordableShares, costWithFee } from './reinvest.js';

describe('affordableShares (ADR 0034)', () => {
  it('buys whole shares with the fee inside the budget: 21.75 € at 1.00 € and 1.5 % buys 21 shares', () => {
    expect(affordableShares({ budgetCents: 2175n, pricePerShareCents: 100n, feeBps: 150, limit: 1000 })).toBe(21);
    expect(costWithFee(21, 100n, 150)).toBe(2132n);
    expect(costWithFee(22, 100n, 150)).toBe(2233n);
  });

  it('is 0 when one share with its fee costs more than the budget, and respects the limit', () => {
    expect(affordableShares({ budgetCents: 10_000n, pricePerShareCents: 10_000n, feeBps: 100, limit: 10 })).toBe(0);
    expect(affordableShares({ budgetCents: 100_000n, pricePerShareCents: 100n, feeBps: 0, limit: 7 })).toBe(7);
    expect(affordableShares({ budgetCents: 0n, pricePerShareCents: 100n, feeBps: 0, limit: 7 })).toBe(0);
  });

  it('never exceeds the budget and one more share never fits', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 0n, max: 10_000_000n }),
        fc.bigInt({ min: 1n, max: 100_000n }),
        fc.integer({ min: 0, max: 1_000 }),
        fc.integer({ min: 0, max: 100_000 }),
        (budgetCents, pricePerShareCents, feeBps, limit) => {
          const shares = affordableShares({ budgetCents, pricePerShareCents, feeBps, limit });
          expect(shares).toBeGreaterThanOrEqual(0);
          expect(shares).toBeLessThanOrEqual(limit);
          expect(costWithFee(shares, pricePerShareCents, feeBps)).toBeLessThanOrEqual(budgetCents);
          if (shares < limit) expect(costWithFee(shares + 1, pricePerShareCents, feeBps)).toBeGreaterThan(budgetCents);
        },
      ),
    );
  });
});
