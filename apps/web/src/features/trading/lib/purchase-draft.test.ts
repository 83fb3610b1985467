import { describe, expect, it } from 'vitest';
import {
  applicableBonusCents,
  draftTotals,
  needsFiveKConfirmation,
  parseSharesInput,
  refusalAction,
  sharesProblem,
} from './purchase-draft';

const asset = { pricePerShareCents: '10000', availableShares: 50, minimumSubscriptionShares: 5 };
const bonus = { amount: '2500', minimumInvestment: '50000' };

describe('sharesProblem (spec section 5)', () => {
  it.each([
    [4, 'belowMinimum'],
    [5, null],
    [50, null],
    [51, 'aboveAvailable'],
  ] as const)('%i shares → %s', (shares, problem) => {
    expect(sharesProblem(shares, asset)).toBe(problem);
  });

  it('lets the last shares be bought when fewer than the minimum are left', () => {
    expect(sharesProblem(3, { ...asset, availableShares: 3 })).toBeNull();
  });
});

describe('draftTotals (buyFromIssuer: fee half up, bonus off the total)', () => {
  it('adds 1 % fee to 3 shares of 100 €', () => {
    expect(draftTotals(3, asset, 100, null, false)).toEqual({
      amountCents: 30_000n,
      feeCents: 300n,
      bonusCents: 0n,
      totalCents: 30_300n,
    });
  });

  it('rounds the fee half up: 1 share of 0,50 € at 1 % is 1 cent', () => {
    expect(draftTotals(1, { ...asset, pricePerShareCents: '50' }, 100, null, false).feeCents).toBe(1n);
  });

  it('takes the bonus off only when chosen and the minimum investment is reached', () => {
    expect(draftTotals(5, asset, 100, bonus, true).totalCents).toBe(50_000n + 500n - 2_500n);
    expect(draftTotals(4, asset, 100, bonus, true).bonusCents).toBe(0n);
    expect(draftTotals(5, asset, 100, bonus, false).bonusCents).toBe(0n);
    expect(applicableBonusCents(null, true, 1_000_000n)).toBe(0n);
  });

  it('treats an empty field as nothing to buy', () => {
    expect(draftTotals(0, asset, 100, null, false).totalCents).toBe(0n);
  });
});

describe('needsFiveKConfirmation (over EUR 5,000, not at it)', () => {
  it.each([
    [50, false],
    [51, true],
  ])('%i shares of 100 € → %s', (shares, needed) => {
    expect(needsFiveKConfirmation(draftTotals(shares, { ...asset, availableShares: 100 }, 100, null, false))).toBe(
      needed,
    );
  });
});

describe('refusalAction', () => {
  it.each([
    ['INVESTMENT_5K_CONFIRMATION_REQUIRED', 'fiveK'],
    ['INVESTMENT_APPROPRIATENESS_CONFIRMATION_REQUIRED', 'appropriateness'],
    ['INVESTMENT_INSUFFICIENT_FUNDS', 'funds'],
    ['SECURITY_APP_NOT_CONNECTED', 'securityApp'],
    ['INVESTMENT_GERMAN_TAX_ID_REQUIRED', 'taxSettings'],
    ['INVESTMENT_CHURCH_TAX_ANSWER_REQUIRED', 'taxSettings'],
    ['INVESTMENT_AUSTRIAN_TAX_ID_REQUIRED', 'taxSettings'],
    ['INVESTMENT_NOT_VERIFIED', 'verification'],
    ['OFFER_USER_NOT_VERIFIED', 'verification'],
    ['INVESTMENT_PERSONAL_DATA_REQUIRED', 'verification'],
    ['OFFER_INSUFFICIENT_FUNDS', 'funds'],
    ['INVESTMENT_RESIDENCE_NOT_ALLOWED', 'message'],
    ['INVESTMENT_UNDERAGE', 'message'],
    ['INVESTMENT_SHARES_NOT_AVAILABLE', 'message'],
  ])('%s → %s', (code, action) => {
    expect(refusalAction(code)).toBe(action);
  });
});

describe('parseSharesInput', () => {
  it.each([
    ['12', 12],
    ['', 0],
    ['1.5', 15],
    ['abc', 0],
  ])('%s → %i', (raw, shares) => {
    expect(parseSharesInput(raw)).toBe(shares);
  });
});
