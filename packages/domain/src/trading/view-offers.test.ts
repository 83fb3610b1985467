import { describe, expect, it } from 'vitest';
import { processUserView } from '../processed-user-view.js';
import { viewOffersOfBoard } from './view-offers.js';

describe('availableShares with bulletin-board offers and partial fills (spec section 4)', () => {
  it('counts the unsettled part of own sell offers and pending fills of buy offers the user sells into', () => {
    const offers = viewOffersOfBoard(
      [
        // own sell offer of 10, 4 already settled: binds 6
        {
          offerId: 's1',
          assetId: 'a',
          type: 'sell',
          status: 'open',
          firstPartyUserId: 'me',
          sharesOffered: 10,
          sharesSettled: 4,
        },
        // a deleted sell offer binds nothing
        {
          offerId: 's2',
          assetId: 'a',
          type: 'sell',
          status: 'deleted',
          firstPartyUserId: 'me',
          sharesOffered: 5,
          sharesSettled: 0,
        },
        // someone's buy offer: I sell 3 into it (pending), 2 more settled earlier
        {
          offerId: 'b1',
          assetId: 'a',
          type: 'buy',
          status: 'open',
          firstPartyUserId: 'other',
          sharesOffered: 20,
          sharesSettled: 2,
        },
      ],
      [
        { offerId: 'b1', secondPartyUserId: 'me', sharesCount: 3, status: 'pending' },
        { offerId: 'b1', secondPartyUserId: 'me', sharesCount: 2, status: 'completed' },
        // I buy from my own... someone else's sell: binds none of my shares
        { offerId: 's1', secondPartyUserId: 'buyer', sharesCount: 1, status: 'pending' },
        { offerId: 's2', secondPartyUserId: 'buyer', sharesCount: 1, status: 'pending' },
        { offerId: 's2', secondPartyUserId: 'buyer', sharesCount: 2, status: 'canceled' },
      ],
    );
    const view = processUserView({
      userId: 'me',
      accountAmountCents: 0n,
      assets: [{ assetId: 'a', stage: 'secondary', sharesCount: 20 }],
      offers,
      transactions: [],
    });
    expect(view.assets[0]?.availableShares).toBe(20 - 6 - 1 - 3);
  });
});
