import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  AUTO_INVEST_TURN_CENTS,
  type AutoInvestRules,
  autoInvestMatches,
  autoInvestPriceLimit,
  autoInvestProblem,
  autoInvestTurnBudget,
  portfolioRoomCents,
  portfolioShareBps,
  type RotationEntry,
  rotateTurns,
  rotationOrder,
} from './auto-invest.js';

const rules: AutoInvestRules = {
  objectTypes: ['residential'],
  countryCodes: ['AT'],
  minYieldBps: 400,
  maxPortfolioShareBps: 2_000,
  maxDeviationBps: 500,
  markets: ['primary', 'secondary'],
};

describe('autoInvestProblem (issue 40, ADR 0052)', () => {
  it('accepts a budget from 25 € and rules within their ranges', () => {
    expect(autoInvestProblem({ budgetCents: 2_500n, rules })).toBeNull();
    expect(
      autoInvestProblem({ budgetCents: 2_500n, rules: { ...rules, objectTypes: [], countryCodes: [] } }),
    ).toBeNull();
  });
  it('refuses a small budget, no market, a deviation above 20 % and bad codes', () => {
    expect(autoInvestProblem({ budgetCents: 2_499n, rules })).toBe('AUTO_INVEST_BUDGET_TOO_SMALL');
    expect(autoInvestProblem({ budgetCents: 5_000n, rules: { ...rules, markets: [] } })).toBe(
      'AUTO_INVEST_RULES_INVALID',
    );
    expect(autoInvestProblem({ budgetCents: 5_000n, rules: { ...rules, maxDeviationBps: 2_001 } })).toBe(
      'AUTO_INVEST_RULES_INVALID',
    );
    expect(autoInvestProblem({ budgetCents: 5_000n, rules: { ...rules, maxPortfolioShareBps: 0 } })).toBe(
      'AUTO_INVEST_RULES_INVALID',
    );
    expect(autoInvestProblem({ budgetCents: 5_000n, rules: { ...rules, countryCodes: ['at'] } })).toBe(
      'AUTO_INVEST_RULES_INVALID',
    );
    expect(autoInvestProblem({ budgetCents: 5_000n, rules: { ...rules, countryCodes: ['AT', 'AT'] } })).toBe(
      'AUTO_INVEST_RULES_INVALID',
    );
  });
});

describe('matching and the figures', () => {
  const candidate = { market: 'primary', objectType: 'residential', countryCode: 'AT', yieldBps: 450 } as const;
  it('matches market, type, country and the minimum yield', () => {
    expect(autoInvestMatches(rules, candidate)).toBe(true);
    expect(autoInvestMatches(rules, { ...candidate, objectType: 'energy' })).toBe(false);
    expect(autoInvestMatches(rules, { ...candidate, countryCode: 'DE' })).toBe(false);
    expect(autoInvestMatches(rules, { ...candidate, yieldBps: 399 })).toBe(false);
    expect(autoInvestMatches({ ...rules, markets: ['secondary'] }, candidate)).toBe(false);
    expect(
      autoInvestMatches({ ...rules, objectTypes: [], countryCodes: [] }, { ...candidate, countryCode: 'DE' }),
    ).toBe(true);
  });
  it('bounds the bulletin board by the 30-day average plus the deviation; no average, no limit to measure', () => {
    expect(autoInvestPriceLimit(rules, 'secondary', 10_000n)).toEqual({ limitCents: 10_500n });
    expect(autoInvestPriceLimit(rules, 'secondary', null)).toBeNull();
    expect(autoInvestPriceLimit(rules, 'primary', null)).toEqual({ limitCents: null });
  });
  it('measures the share against holdings plus balance, and the room never goes negative', () => {
    expect(portfolioShareBps(2_000n, 10_000n)).toBe(2_000);
    expect(portfolioRoomCents({ assetValueCents: 1_000n, wealthCents: 10_000n, maxPortfolioShareBps: 2_000 })).toBe(
      1_000n,
    );
    expect(portfolioRoomCents({ assetValueCents: 5_000n, wealthCents: 10_000n, maxPortfolioShareBps: 2_000 })).toBe(0n);
  });
  it('a turn buys one unit, at least one share, within the month and the room', () => {
    const base = { remainingCents: 50_000n, roomCents: 50_000n, pricePerShareCents: 1_000n, feeBps: 100 };
    expect(autoInvestTurnBudget(base)).toBe(AUTO_INVEST_TURN_CENTS);
    expect(autoInvestTurnBudget({ ...base, pricePerShareCents: 20_000n })).toBe(20_200n);
    expect(autoInvestTurnBudget({ ...base, remainingCents: 3_000n })).toBe(3_000n);
    expect(autoInvestTurnBudget({ ...base, roomCents: 1_000n })).toBe(0n);
  });
});

describe('the rotation (ADR 0052)', () => {
  const investors = (n: number): RotationEntry[] =>
    Array.from({ length: n }, (_, i) => ({ id: `m-${String(i).padStart(3, '0')}`, lastServedAt: null }));

  it('orders by the least recently served, never served first, ties by id', () => {
    const order = rotationOrder([
      { id: 'b', lastServedAt: new Date(2) },
      { id: 'c', lastServedAt: null },
      { id: 'a', lastServedAt: new Date(2) },
      { id: 'd', lastServedAt: new Date(1) },
    ]);
    expect(order.map((one) => one.id)).toEqual(['c', 'd', 'a', 'b']);
  });

  it('shares a scarce supply one unit per investor per turn', async () => {
    let units = 3;
    const served: string[] = [];
    await rotateTurns(investors(5), async (entry) => {
      if (units === 0) return 'exhausted';
      units -= 1;
      served.push(entry.id);
      return 'served';
    });
    expect(served).toEqual(['m-000', 'm-001', 'm-002']);
  });

  it('property: 100 investors, a scarce supply per run — each is served within ⌈100/k⌉ runs, nobody twice before everybody once, nobody always first', async () => {
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 1, max: 30 }), fc.integer({ min: 0, max: 99 }), async (k, alreadyServed) => {
        const entries = investors(100);
        // Some investors were served before (in id order, a run ago): they wait for the others.
        for (let i = 0; i < alreadyServed; i += 1) (entries[i] as RotationEntry).lastServedAt = new Date(0);
        const runs = Math.ceil(100 / k) * 2;
        const servedCount = new Map<string, number>();
        const firsts = new Set<string>();
        for (let run = 1; run <= runs; run += 1) {
          let units = k;
          let first = true;
          await rotateTurns(entries, async (entry) => {
            if (units === 0) return 'exhausted';
            units -= 1;
            if (first) firsts.add(entry.id);
            first = false;
            servedCount.set(entry.id, (servedCount.get(entry.id) ?? 0) + 1);
            // The moment of the turn (the database's clock_timestamp()): later turns are later.
            entry.lastServedAt = new Date(run * 1_000 + (k - units));
            return 'served';
          });
          const counts = entries.map((entry) => servedCount.get(entry.id) ?? 0);
          // Round robin: at every point the counts differ by at most one.
          expect(Math.max(...counts) - Math.min(...counts)).toBeLessThanOrEqual(1);
          if (run === Math.ceil(100 / k)) expect(Math.min(...counts)).toBeGreaterThanOrEqual(1);
        }
        expect(firsts.size).toBeGreaterThan(1);
      }),
      { numRuns: 40 },
    );
  });
});
