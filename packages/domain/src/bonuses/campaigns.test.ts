import { describe, expect, it } from 'vitest';
import { BIRTHDAY_TIERS, decideGrant, type GrantFacts, isRunning, reachedTier, tierTableProblem } from './campaigns.js';

const window = {
  validFrom: new Date('2026-12-01T00:00:00Z'),
  validUntil: new Date('2026-12-20T00:00:00Z'),
  disabledAt: null,
};

describe('birthday tiers (spec section 9): "100 EUR up to 1,000 invested, 550 up to 5,000, 1,200 up to 10,000"', () => {
  it.each([
    [0n, null],
    [1n, 10_000n],
    [50_000n, 10_000n],
    [100_000n, 10_000n],
    [100_001n, 55_000n],
    [500_000n, 55_000n],
    [500_001n, 120_000n],
    [1_000_000n, 120_000n],
    [5_000_000n, 120_000n],
  ])('%s cents invested earn %s', (invested, bonus) => {
    expect(reachedTier(BIRTHDAY_TIERS, invested)?.bonusCents ?? null).toBe(bonus);
  });

  it('accepts rising tiers and refuses empty, falling or non-positive ones', () => {
    expect(tierTableProblem(BIRTHDAY_TIERS)).toBeNull();
    expect(tierTableProblem([])).toMatch(/Mindestens/);
    expect(tierTableProblem([{ investedCents: 0n, bonusCents: 1n }])).toMatch(/größer als 0/);
    expect(
      tierTableProblem([
        { investedCents: 500n, bonusCents: 10n },
        { investedCents: 400n, bonusCents: 20n },
      ]),
    ).toMatch(/aufsteigen/);
    expect(
      tierTableProblem([
        { investedCents: 500n, bonusCents: 10n },
        { investedCents: 600n, bonusCents: 10n },
      ]),
    ).toMatch(/aufsteigen/);
  });
});

describe('a campaign runs from validFrom (inclusive) to validUntil (exclusive) unless ended', () => {
  it.each([
    ['2026-11-30T23:59:59Z', false],
    ['2026-12-01T00:00:00Z', true],
    ['2026-12-19T23:59:59Z', true],
    ['2026-12-20T00:00:00Z', false],
  ])('at %s: %s', (at, running) => {
    expect(isRunning(window, new Date(at))).toBe(running);
  });
  it('an ended campaign does not run', () => {
    expect(
      isRunning({ ...window, disabledAt: new Date('2026-12-02T00:00:00Z') }, new Date('2026-12-05T00:00:00Z')),
    ).toBe(false);
  });
});

describe('start and app-rating bonus eligibility', () => {
  const facts = (over: Partial<GrantFacts> = {}): GrantFacts => ({
    campaign: { ...window, budgetCents: 10_000n, paidCents: 0n },
    amountCents: 2_500n,
    at: new Date('2026-12-05T10:00:00Z'),
    investorVerified: true,
    samePersonAlreadyPaid: false,
    ...over,
  });
  it('grants the amount when every condition holds', () => {
    expect(decideGrant(facts())).toEqual({ kind: 'grant', amountCents: 2_500n });
  });
  it.each<[string, Partial<GrantFacts>, string]>([
    ['outside the window', { at: new Date('2026-12-20T00:00:00Z') }, 'notRunning'],
    ['not verified', { investorVerified: false }, 'notVerified'],
    ['same person under another account', { samePersonAlreadyPaid: true }, 'samePerson'],
    ['budget one cent short', { campaign: { ...window, budgetCents: 10_000n, paidCents: 7_501n } }, 'budgetSpent'],
    ['nothing to pay', { amountCents: 0n }, 'nothingEarned'],
  ])('refuses when %s', (_label, over, reason) => {
    expect(decideGrant(facts(over))).toEqual({ kind: 'refuse', reason });
  });
  it('the last bonus the budget covers exactly is granted', () => {
    expect(decideGrant(facts({ campaign: { ...window, budgetCents: 10_000n, paidCents: 7_500n } })).kind).toBe('grant');
  });
  it('no budget means no limit', () => {
    expect(decideGrant(facts({ campaign: { ...window, budgetCents: null, paidCents: 10n ** 12n } })).kind).toBe(
      'grant',
    );
  });
});
