import { describe, expect, it } from 'vitest';
import { accountDebitCents, draftFigures, draftProblem, ownerFeeBps, takeTotals } from './offer-draft';

const fees = { transactionFeeBps: 100, brokerageFeeBps: 50, defaultFeeBps: 0 };

describe('offer draft', () => {
  it('charges the transaction fee on the board and only the buyer the brokerage fee in private', () => {
    expect(ownerFeeBps('buy', 'bulletin', fees)).toBe(100);
    expect(ownerFeeBps('sell', 'bulletin', fees)).toBe(100);
    expect(ownerFeeBps('buy', 'private', fees)).toBe(50);
    expect(ownerFeeBps('sell', 'private', fees)).toBe(0);
  });

  it('computes live totals and the price warning against the 30-day average (spec section 5)', () => {
    const buy = draftFigures({
      type: 'buy',
      visibility: 'bulletin',
      sharesCount: 3,
      priceCents: 12_345n,
      averagePriceCents: 10_000n,
      fees,
    });
    expect(buy.totals.totalPriceCents).toBe(37_035n);
    expect(buy.totals.transactionFeeCents).toBe(370n);
    expect(buy.totals.transactionTotalAmountCents).toBe(37_405n);
    expect(buy.warning.level).toBe('confirm');
    const sell = draftFigures({
      type: 'sell',
      visibility: 'bulletin',
      sharesCount: 2,
      priceCents: 11_500n,
      averagePriceCents: 10_000n,
      fees,
    });
    expect(sell.totals.transactionTotalAmountCents).toBe(23_000n - 230n);
    expect(sell.warning.level).toBe('info');
    expect(
      draftFigures({
        type: 'sell',
        visibility: 'bulletin',
        sharesCount: 1,
        priceCents: null,
        averagePriceCents: 1n,
        fees,
      }).warning.level,
    ).toBe('none');
  });

  it('names the first problem of a draft', () => {
    const totals = draftFigures({
      type: 'buy',
      visibility: 'bulletin',
      sharesCount: 2,
      priceCents: 10_000n,
      averagePriceCents: null,
      fees,
    }).totals;
    const debitCents = accountDebitCents(totals, 'bulletin');
    expect(accountDebitCents(totals, 'private')).toBe(200n);
    const base = { type: 'buy' as const, sharesCount: 2, priceCents: 10_000n, debitCents, availableShares: null };
    expect(draftProblem({ ...base, availableCents: 20_199n })).toBe('funds');
    expect(draftProblem({ ...base, availableCents: 20_200n })).toBeNull();
    expect(draftProblem({ ...base, sharesCount: 0, availableCents: null })).toBe('shares');
    expect(draftProblem({ ...base, priceCents: null, availableCents: null })).toBe('price');
    expect(draftProblem({ ...base, type: 'sell', availableShares: 1, availableCents: null })).toBe('sharesAvailable');
  });

  it('gives the taker the opposite side of the offer', () => {
    expect(takeTotals({ type: 'sell', price: '10000', transactionFeeBps: 100 }, 2).transactionTotalAmountCents).toBe(
      20_200n,
    );
    expect(takeTotals({ type: 'buy', price: '10000', transactionFeeBps: 100 }, 2).transactionTotalAmountCents).toBe(
      19_800n,
    );
  });
});
