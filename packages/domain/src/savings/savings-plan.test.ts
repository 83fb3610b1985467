import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  addDays,
  executionDateIn,
  nextExecutionDate,
  savingsPlanDue,
  savingsPlanProblem,
  splitSavingsAmount,
} from './savings-plan.js';

describe('savingsPlanProblem (issue 40)', () => {
  const plan = { amountCents: 10_000n, dayOfMonth: 5, allocations: [{ assetId: 'a', percent: 100 }] };
  it('accepts 25 € on day 1–28 split into whole percentages adding up to 100', () => {
    expect(savingsPlanProblem({ ...plan, amountCents: 2_500n })).toBeNull();
    expect(
      savingsPlanProblem({
        ...plan,
        dayOfMonth: 28,
        allocations: [
          { assetId: 'a', percent: 60 },
          { assetId: 'b', percent: 40 },
        ],
      }),
    ).toBeNull();
  });
  it('refuses less than 25 €, a day outside 1–28 and a split that is not 100 % of distinct assets', () => {
    expect(savingsPlanProblem({ ...plan, amountCents: 2_499n })).toBe('SAVINGS_PLAN_AMOUNT_TOO_SMALL');
    expect(savingsPlanProblem({ ...plan, dayOfMonth: 29 })).toBe('SAVINGS_PLAN_DAY_INVALID');
    expect(savingsPlanProblem({ ...plan, dayOfMonth: 0 })).toBe('SAVINGS_PLAN_DAY_INVALID');
    expect(savingsPlanProblem({ ...plan, allocations: [{ assetId: 'a', percent: 99 }] })).toBe(
      'SAVINGS_PLAN_SPLIT_INVALID',
    );
    expect(
      savingsPlanProblem({
        ...plan,
        allocations: [
          { assetId: 'a', percent: 50 },
          { assetId: 'a', percent: 50 },
        ],
      }),
    ).toBe('SAVINGS_PLAN_SPLIT_INVALID');
    expect(savingsPlanProblem({ ...plan, allocations: [] })).toBe('SAVINGS_PLAN_SPLIT_INVALID');
  });
});

describe('splitSavingsAmount', () => {
  it('splits 100,01 € 1/3 each with the odd cents to the first assets', () => {
    const split = splitSavingsAmount(10_001n, [
      { assetId: 'a', percent: 34 },
      { assetId: 'b', percent: 33 },
      { assetId: 'c', percent: 33 },
    ]);
    expect(split).toEqual([
      { assetId: 'a', budgetCents: 3_401n },
      { assetId: 'b', budgetCents: 3_300n },
      { assetId: 'c', budgetCents: 3_300n },
    ]);
  });
  it('the budgets always add up to exactly the amount and none is negative', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 2_500n, max: 100_000_000n }),
        fc.array(fc.integer({ min: 1, max: 50 }), { minLength: 1, maxLength: 5 }),
        (amountCents, weights) => {
          // Whole percentages adding up to 100 from random weights.
          const total = weights.reduce((s, w) => s + w, 0);
          const percents = weights.map((w) => Math.max(1, Math.floor((w * 100) / total)));
          const drift = 100 - percents.reduce((s, p) => s + p, 0);
          percents[0] = (percents[0] ?? 0) + drift;
          fc.pre(percents.every((p) => p >= 1));
          const split = splitSavingsAmount(
            amountCents,
            percents.map((percent, i) => ({ assetId: `a${i}`, percent })),
          );
          expect(split.reduce((s, one) => s + one.budgetCents, 0n)).toBe(amountCents);
          expect(split.every((one) => one.budgetCents >= 0n)).toBe(true);
        },
      ),
    );
  });
});

describe('execution dates', () => {
  it('the next execution is this month’s day if it has not passed, else next month’s', () => {
    expect(nextExecutionDate({ today: '2026-12-03', dayOfMonth: 5, lastExecutedMonth: null })).toBe('2026-12-05');
    expect(nextExecutionDate({ today: '2026-12-07', dayOfMonth: 5, lastExecutedMonth: null })).toBe('2027-01-05');
    expect(nextExecutionDate({ today: '2026-12-05', dayOfMonth: 5, lastExecutedMonth: '2026-12' })).toBe('2027-01-05');
  });
  it('a plan is due once per month, from its day on, and not before it was signed', () => {
    const base = { dayOfMonth: 5, activatedOn: '2026-11-20', lastExecutedMonth: null };
    expect(savingsPlanDue({ ...base, today: '2026-12-04' })).toBeNull();
    expect(savingsPlanDue({ ...base, today: '2026-12-05' })).toBe('2026-12');
    expect(savingsPlanDue({ ...base, today: '2026-12-09' })).toBe('2026-12');
    expect(savingsPlanDue({ ...base, today: '2026-12-09', lastExecutedMonth: '2026-12' })).toBeNull();
    expect(savingsPlanDue({ ...base, today: '2026-12-09', activatedOn: '2026-12-06' })).toBeNull();
    expect(executionDateIn('2027-02', 28)).toBe('2027-02-28');
    expect(addDays('2026-12-31', 2)).toBe('2027-01-02');
  });
});
