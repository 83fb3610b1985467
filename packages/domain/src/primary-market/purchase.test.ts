import { describe, expect, it } from 'vitest';
import { type PurchaseFacts, purchaseRefusal, purchaseTotals } from './purchase.js';

/** 10 shares of EUR 100 from the issuer in the financing phase, with money enough. */
const base: PurchaseFacts = {
  asset: {
    stage: 'primary',
    availableShares: 500,
    minimumSubscriptionShares: 5,
    pricePerShareCents: 10_000n,
  },
  shares: 10,
  feeBps: 150,
  bonusCents: 0n,
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

describe('purchaseRefusal: the market checks of the issuer after the trade rules, in the order of issue 9', () => {
  it.each<[string, PurchaseFacts, ReturnType<typeof purchaseRefusal>]>([
    ['shares on offer and money enough', base, null],
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
    const facts = withFacts((f) => ({ ...f, asset: { ...f.asset, stage: 'secondary' }, availableCashCents: 0n }));
    expect(purchaseRefusal(facts)).toBe('INVESTMENT_NOT_IN_FINANCING_PHASE');
  });
});
