import type { BulletinOffer, BulletinTrade } from '@bw/contracts';
import { describe, expect, it } from 'vitest';
import { openOffersOf } from './open-offers';

const offer = (
  offerId: string,
  status: BulletinOffer['status'],
  isMine: boolean,
  trades: Pick<BulletinTrade, 'status'>[] = [],
): BulletinOffer => ({ offerId, status, isMine, trades }) as BulletinOffer;

describe('openOffersOf (investments, "open offers")', () => {
  it('keeps own live offers and offers of others with a trade still running', () => {
    const open = openOffersOf([
      offer('own-new', 'new', true),
      offer('own-open', 'open', true),
      offer('own-accepted', 'accepted', true),
      offer('own-closed', 'closed', true),
      offer('own-deleted-running', 'deleted', true, [{ status: 'pending' }]),
      offer('taken-running', 'open', false, [{ status: 'pending' }]),
      offer('taken-done', 'closed', false, [{ status: 'completed' }]),
    ]);
    expect(open.map((o) => o.offerId)).toEqual([
      'own-new',
      'own-open',
      'own-accepted',
      'own-deleted-running',
      'taken-running',
    ]);
  });
});
