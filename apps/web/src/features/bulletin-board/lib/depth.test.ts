import type { BulletinOffer } from '@bw/contracts';
import { describe, expect, it } from 'vitest';
import { depthOf, depthShare } from './depth';

const offer = (type: 'buy' | 'sell', price: string, sharesAmount: number, status = 'open'): BulletinOffer =>
  ({ type, price, sharesAmount, status }) as BulletinOffer;

describe('depthOf', () => {
  it('groups sell offers by price, cheapest first, and skips what is not open', () => {
    const levels = depthOf(
      [
        offer('sell', '12000', 3),
        offer('sell', '11000', 2),
        offer('sell', '12000', 4),
        offer('sell', '9000', 1, 'new'),
      ],
      'sell',
    );
    expect(levels).toEqual([
      { priceCents: 11000n, sharesCount: 2, offersCount: 1 },
      { priceCents: 12000n, sharesCount: 7, offersCount: 2 },
    ]);
    const [cheapest] = levels;
    if (!cheapest) throw new Error('no level');
    expect(depthShare(cheapest, levels)).toBe(29);
  });

  it('puts the highest buy offer first and ignores the other side', () => {
    expect(
      depthOf([offer('buy', '100', 1), offer('buy', '300', 2), offer('sell', '50', 5)], 'buy').map((l) => l.priceCents),
    ).toEqual([300n, 100n]);
  });
});
