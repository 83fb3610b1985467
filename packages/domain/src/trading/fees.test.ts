import { describe, expect, it } from 'vitest';
import { buyOfferFillFee, offerTotals, sellerProceedsCents } from './fees.js';

describe('offerTotals (spec section 3, secondary-market draft)', () => {
  it.each([
    // side, shares, price, bps, bonus → total, fee, total amount, with bonus
    ['buy', 4, 10_000n, 150, 0n, 40_000n, 600n, 40_600n, 40_600n],
    ['sell', 4, 10_000n, 150, 0n, 40_000n, 600n, 39_400n, 39_400n],
    // 1 % of 12,345 ct = 123.45 ct → 123 ct (half up keeps .45 down)
    ['buy', 1, 12_345n, 100, 0n, 12_345n, 123n, 12_468n, 12_468n],
    // 1 % of 12,350 ct = 123.5 ct → 124 ct (half up)
    ['buy', 1, 12_350n, 100, 1_000n, 12_350n, 124n, 12_474n, 11_474n],
    // a bonus never makes the amount negative; sellers get no bonus
    ['buy', 1, 100n, 0, 500n, 100n, 0n, 100n, 0n],
    ['sell', 1, 100n, 0, 500n, 100n, 0n, 100n, 100n],
  ] as const)(
    '%s %i × %i ct at %i bps, bonus %i',
    (side, sharesCount, priceCents, feeBps, bonusCents, total, fee, amount, withBonus) => {
      expect(offerTotals({ side, sharesCount, priceCents, feeBps, bonusCents })).toEqual({
        sharesCount,
        priceCents,
        totalPriceCents: total,
        transactionFeeCents: fee,
        transactionTotalAmountCents: amount,
        transactionTotalAmountWithBonusCents: withBonus,
      });
    },
  );
});

describe('buyOfferFillFee: the fills of a buy offer pay exactly the reserved fee', () => {
  it('splits 3 × 1 share at 1,050 ct and 1 % so the fees add up to the reserved 32 ct', () => {
    // whole offer: 3,150 ct → 31.5 ct → 32 ct reserved; one share 1,050 ct → 10.5 ct → 11 ct
    const reserve = 32n;
    const first = buyOfferFillFee({
      fillShares: 1,
      remainingShares: 3,
      priceCents: 1_050n,
      feeBps: 100,
      feeReserveCents: reserve,
    });
    const second = buyOfferFillFee({
      fillShares: 1,
      remainingShares: 2,
      priceCents: 1_050n,
      feeBps: 100,
      feeReserveCents: reserve - first,
    });
    const last = buyOfferFillFee({
      fillShares: 1,
      remainingShares: 1,
      priceCents: 1_050n,
      feeBps: 100,
      feeReserveCents: reserve - first - second,
    });
    expect([first, second, last]).toEqual([11n, 11n, 10n]);
    expect(first + second + last).toBe(reserve);
  });

  it('never takes more than what is left of the reserve', () => {
    expect(
      buyOfferFillFee({ fillShares: 2, remainingShares: 3, priceCents: 1_050n, feeBps: 100, feeReserveCents: 5n }),
    ).toBe(5n);
  });

  it('refuses a fill of no shares or more than remain', () => {
    const base = { priceCents: 100n, feeBps: 100, feeReserveCents: 1n };
    expect(() => buyOfferFillFee({ ...base, fillShares: 0, remainingShares: 1 })).toThrow(RangeError);
    expect(() => buyOfferFillFee({ ...base, fillShares: 2, remainingShares: 1 })).toThrow(RangeError);
  });
});

describe('sellerProceedsCents', () => {
  it('is the volume less the seller fee', () => {
    expect(sellerProceedsCents(40_000n, 400n)).toBe(39_600n);
    expect(() => sellerProceedsCents(1n, 2n)).toThrow(RangeError);
  });
});
