import { describe, expect, it } from 'vitest';
import { type PurchaseFacts, purchaseRefusal, purchaseTotals, taxRefusal } from './purchase.js';

/** A verified Austrian investor buying 10 shares of EUR 100 in an Austrian KG with money enough. */
const base: PurchaseFacts = {
  userStatus: 'verified',
  asset: {
    stage: 'primary',
    availableShares: 500,
    minimumSubscriptionShares: 5,
    pricePerShareCents: 10_000n,
    securityType: 'participationKG',
    countryCode: 'AT',
    issuerCountryCode: 'AT',
  },
  user: { domicile: 'AT', taxIdCountries: [], hasChurchTaxAnswer: false },
  shares: 10,
  feeBps: 150,
  bonusCents: 0n,
  acceptedWarnings: [],
  appropriateness: 'Appropriate',
  acknowledgedAppropriateness: false,
  availableCashCents: 1_000_000n,
  paidByBankWire: false,
};

const withFacts = (change: (facts: PurchaseFacts) => PurchaseFacts) => change(structuredClone(base));

describe('purchaseTotals', () => {
  it('adds the fee rounded half up and takes off the bonus', () => {
    // 3 × 33.33 = 99.99; 1.5 % of it = 1.49985 → 1.50; bonus 10.00 → total 91.49.
    expect(purchaseTotals(3, 3_333n, 150, 1_000n)).toEqual({
      amountCents: 9_999n,
      feeCents: 150n,
      bonusCents: 1_000n,
      totalCents: 9_149n,
    });
  });
  it('never uses more bonus than the amount', () => {
    expect(purchaseTotals(1, 5_000n, 0, 20_000n)).toEqual({
      amountCents: 5_000n,
      feeCents: 0n,
      bonusCents: 5_000n,
      totalCents: 0n,
    });
  });
});

describe('purchaseRefusal, in the order of issue 9', () => {
  it.each<[string, PurchaseFacts, ReturnType<typeof purchaseRefusal>]>([
    ['a verified user with money buys', base, null],
    ['an active user buys too', withFacts((f) => ({ ...f, userStatus: 'active' })), null],
    ['a new user may not invest', withFacts((f) => ({ ...f, userStatus: 'new' })), 'INVESTMENT_NOT_VERIFIED'],
    ['a pending user may not invest', withFacts((f) => ({ ...f, userStatus: 'pending' })), 'INVESTMENT_NOT_VERIFIED'],
    [
      'the asset is already traded between investors',
      withFacts((f) => ({ ...f, asset: { ...f.asset, stage: 'secondary' } })),
      'INVESTMENT_NOT_IN_FINANCING_PHASE',
    ],
    ['more shares than available', withFacts((f) => ({ ...f, shares: 501 })), 'INVESTMENT_SHARES_NOT_AVAILABLE'],
    ['fewer than the minimum', withFacts((f) => ({ ...f, shares: 4 })), 'INVESTMENT_BELOW_MINIMUM_SUBSCRIPTION'],
    [
      'the last 3 shares may be bought below a minimum of 5',
      withFacts((f) => ({ ...f, shares: 3, asset: { ...f.asset, availableShares: 3 } })),
      null,
    ],
    [
      'a German product without a German tax ID',
      withFacts((f) => ({ ...f, asset: { ...f.asset, countryCode: 'DE', issuerCountryCode: 'DE' } })),
      'INVESTMENT_GERMAN_TAX_ID_REQUIRED',
    ],
    [
      'a German product without the church-tax answer',
      withFacts((f) => ({
        ...f,
        asset: { ...f.asset, countryCode: 'DE' },
        user: { ...f.user, taxIdCountries: ['DE'] },
      })),
      'INVESTMENT_CHURCH_TAX_ANSWER_REQUIRED',
    ],
    [
      'an Austrian participation-right-equity asset of an Austrian issuer without an Austrian tax ID',
      withFacts((f) => ({ ...f, asset: { ...f.asset, securityType: 'participationRightEquity' } })),
      'INVESTMENT_AUSTRIAN_TAX_ID_REQUIRED',
    ],
    [
      'the same with an Austrian tax ID',
      withFacts((f) => ({
        ...f,
        asset: { ...f.asset, securityType: 'participationRightEquity' },
        user: { ...f.user, taxIdCountries: ['AT'] },
      })),
      null,
    ],
    [
      'a German issuer and a German domicile without a German tax ID',
      withFacts((f) => ({ ...f, asset: { ...f.asset, issuerCountryCode: 'DE' }, user: { ...f.user, domicile: 'DE' } })),
      'INVESTMENT_GERMAN_TAX_ID_REQUIRED',
    ],
    [
      'over EUR 5,000 without Accepted5KLimit',
      withFacts((f) => ({ ...f, shares: 51 })),
      'INVESTMENT_5K_CONFIRMATION_REQUIRED',
    ],
    ['exactly EUR 5,000 needs no confirmation', withFacts((f) => ({ ...f, shares: 50 })), null],
    [
      'over EUR 5,000 with Accepted5KLimit',
      withFacts((f) => ({ ...f, shares: 51, acceptedWarnings: ['Accepted5KLimit'] })),
      null,
    ],
    [
      'not appropriate and not acknowledged',
      withFacts((f) => ({ ...f, appropriateness: 'NotAppropriate' })),
      'INVESTMENT_APPROPRIATENESS_CONFIRMATION_REQUIRED',
    ],
    [
      'questionnaire skipped and not acknowledged',
      withFacts((f) => ({ ...f, appropriateness: 'NotProvided' })),
      'INVESTMENT_APPROPRIATENESS_CONFIRMATION_REQUIRED',
    ],
    [
      'not appropriate but the user continues',
      withFacts((f) => ({ ...f, appropriateness: 'NotAppropriate', acknowledgedAppropriateness: true })),
      null,
    ],
    [
      'not enough money for amount plus fee',
      withFacts((f) => ({ ...f, availableCashCents: 100_000n })),
      'INVESTMENT_INSUFFICIENT_FUNDS',
    ],
    ['a bonus closes the gap', withFacts((f) => ({ ...f, availableCashCents: 100_000n, bonusCents: 1_500n })), null],
    [
      'a builder-owner purchase is paid by bank wire, not from the account',
      withFacts((f) => ({ ...f, availableCashCents: 0n, paidByBankWire: true })),
      null,
    ],
  ])('%s', (_label, facts, expected) => {
    expect(purchaseRefusal(facts)).toBe(expected);
  });

  it('answers the first failing check when several fail', () => {
    const facts = withFacts((f) => ({ ...f, userStatus: 'new', shares: 10_000, availableCashCents: 0n }));
    expect(purchaseRefusal(facts)).toBe('INVESTMENT_NOT_VERIFIED');
  });

  it('asks for no tax ID on an Austrian KG', () => {
    expect(taxRefusal(base)).toBeNull();
  });
});
