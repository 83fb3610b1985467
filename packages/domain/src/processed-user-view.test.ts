import { describe, expect, it } from 'vitest';
import {
  availableSharesForAsset,
  closedFinance,
  collectedRentForAsset,
  displayedAmount,
  displayTransaction,
  processUserView,
  type ShareTrade,
  totalTransactionAmount,
  type ViewOffer,
  type ViewTransaction,
} from './processed-user-view.js';

const ME = 'user-me';
const OTHER = 'user-other';

const tx = (overrides: Partial<ViewTransaction>): ViewTransaction => ({
  transactionId: 't',
  assetId: null,
  type: 'charge',
  status: 'success',
  amountCents: 0n,
  feeCents: 0n,
  bonusCents: 0n,
  senderUserId: null,
  receiverUserId: null,
  paymentInformation: null,
  ...overrides,
});

const offer = (overrides: Partial<ViewOffer>): ViewOffer => ({
  assetId: 'a1',
  type: 'sell',
  status: 'open',
  sharesCount: 1,
  firstPartyUserId: ME,
  secondPartyUserId: null,
  ...overrides,
});

describe('collectedRent per asset', () => {
  it.each([
    ['no transactions', [], 0n],
    ['one rent', [tx({ type: 'rent', assetId: 'a1', amountCents: 500n })], 500n],
    ['rent of another asset', [tx({ type: 'rent', assetId: 'a2', amountCents: 500n })], 0n],
    ['rental credit by payment information', [tx({ amountCents: 250n, paymentInformation: 'rentalCredit:a1' })], 250n],
    [
      'rent plus credit',
      [
        tx({ type: 'rent', assetId: 'a1', amountCents: 100n }),
        tx({ amountCents: 30n, paymentInformation: 'rentalCredit:a1' }),
        tx({ type: 'buy', assetId: 'a1', amountCents: 9_999n }),
      ],
      130n,
    ],
  ])('%s', (_name, transactions, expected) => {
    expect(collectedRentForAsset(transactions, 'a1')).toBe(expected);
  });
});

describe('availableShares', () => {
  const asset = { assetId: 'a1', stage: 'secondary', sharesCount: 10 };
  it.each([
    ['no offers', [], 10],
    ['own open sell offer', [offer({ sharesCount: 3 })], 7],
    [
      'own new and accepted sell offers',
      [offer({ status: 'new', sharesCount: 1 }), offer({ status: 'accepted', sharesCount: 2 })],
      7,
    ],
    [
      'closed and deleted offers do not bind',
      [offer({ status: 'closed', sharesCount: 3 }), offer({ status: 'deleted', sharesCount: 3 })],
      10,
    ],
    ['sell offer of someone else', [offer({ firstPartyUserId: OTHER, sharesCount: 3 })], 10],
    [
      'buy offer where I am the second party',
      [offer({ type: 'buy', firstPartyUserId: OTHER, secondPartyUserId: ME, sharesCount: 4 })],
      6,
    ],
    ['my own buy offer', [offer({ type: 'buy', sharesCount: 4 })], 10],
    ['other asset', [offer({ assetId: 'a2', sharesCount: 4 })], 10],
  ])('%s', (_name, offers, expected) => {
    expect(availableSharesForAsset(ME, asset, offers)).toBe(expected);
  });
});

describe('displayTransaction', () => {
  it.each([
    [
      'buy received from another user is a sell less twice the fee',
      tx({ type: 'buy', amountCents: 10_000n, feeCents: 150n, senderUserId: OTHER, receiverUserId: ME }),
      { type: 'sell', amountCents: 9_700n },
    ],
    [
      'own buy is shown less bonus',
      tx({ type: 'buy', amountCents: 10_000n, bonusCents: 1_000n, senderUserId: ME, receiverUserId: OTHER }),
      { type: 'buy', amountCents: 9_000n },
    ],
    [
      'issuer buy less bonus',
      tx({ type: 'buy', amountCents: 5_000n, bonusCents: 0n }),
      { type: 'buy', amountCents: 5_000n },
    ],
    [
      'payout unchanged',
      tx({ type: 'payout', amountCents: 700n, feeCents: 5n }),
      { type: 'payout', amountCents: 700n },
    ],
  ])('%s', (_name, input, expected) => {
    expect(displayTransaction(ME, input)).toMatchObject(expected);
  });
});

describe('displayed balance and availableAmount', () => {
  it.each([
    ['nothing pending', 1_000n, [], 1_000n],
    [
      'pending buy added back less bonus',
      1_000n,
      [tx({ type: 'buy', status: 'pending', amountCents: 500n, bonusCents: 50n })],
      1_450n,
    ],
    ['reserved buy added back', 0n, [tx({ type: 'buy', status: 'reserved', amountCents: 500n })], 500n],
    ['completed buy not added', 1_000n, [tx({ type: 'buy', status: 'success', amountCents: 500n })], 1_000n],
    ['pending payout not added', 1_000n, [tx({ type: 'payout', status: 'pending', amountCents: 500n })], 1_000n],
    [
      'pending buy received from another user not added',
      1_000n,
      [tx({ type: 'buy', status: 'pending', amountCents: 500n, senderUserId: OTHER, receiverUserId: ME })],
      1_000n,
    ],
  ])('%s', (_name, raw, transactions, expected) => {
    expect(displayedAmount(ME, raw, transactions)).toBe(expected);
    const view = processUserView({ userId: ME, accountAmountCents: raw, assets: [], offers: [], transactions });
    expect(view.account).toEqual({ amountCents: expected, availableAmountCents: raw });
  });
});

describe('processUserView', () => {
  it('counts only primary and secondary assets and sums their rent', () => {
    const view = processUserView({
      userId: ME,
      accountAmountCents: 0n,
      assets: [
        { assetId: 'a1', stage: 'secondary', sharesCount: 5 },
        { assetId: 'a2', stage: 'primary', sharesCount: 2 },
        { assetId: 'a3', stage: 'review', sharesCount: 9 },
      ],
      offers: [offer({ assetId: 'a1', sharesCount: 2 })],
      transactions: [
        tx({ type: 'rent', assetId: 'a1', amountCents: 100n }),
        tx({ type: 'rent', assetId: 'a2', amountCents: 20n }),
        tx({ type: 'rent', assetId: 'a3', amountCents: 1_000n }),
      ],
    });
    expect(view.assets.map((asset) => [asset.assetId, asset.collectedRentCents, asset.availableShares])).toEqual([
      ['a1', 100n, 3],
      ['a2', 20n, 2],
    ]);
    expect(view.collectedRentCents).toBe(120n);
  });
});

describe('closedFinance (spec section 3, User finance)', () => {
  const at = (day: number) => new Date(Date.UTC(2026, 0, day));
  const trade = (over: Partial<ShareTrade>): ShareTrade => ({
    assetId: 'a',
    side: 'buy',
    shares: 10,
    volumeCents: 100_000n,
    feeCents: 0n,
    bonusCents: 0n,
    at: at(1),
    ...over,
  });
  it('sums the proceeds of sales and their gain at average cost', () => {
    const trades = [
      trade({ shares: 10, volumeCents: 100_000n, feeCents: 1_000n, at: at(1) }), // 10 at 101.00 incl. fee
      trade({ shares: 10, volumeCents: 120_000n, bonusCents: 2_000n, at: at(2) }), // 10 at 118.00 after bonus
      trade({ side: 'sell', shares: 5, volumeCents: 65_000n, feeCents: 500n, at: at(3) }),
    ];
    // Average cost 2,190.00 / 20 = 109.50; 5 sold cost 547.50; proceeds 645.00.
    expect(closedFinance(trades)).toEqual({ closedAmountCents: 64_500n, closedProfitCents: 64_500n - 54_750n });
  });
  it('counts a loss negative, keeps assets apart, and takes the order from the time', () => {
    const trades = [
      trade({ assetId: 'b', side: 'sell', shares: 3, volumeCents: 2_700n, at: at(5) }),
      trade({ assetId: 'b', shares: 3, volumeCents: 3_000n, at: at(4) }),
      trade({ assetId: 'a', shares: 1, volumeCents: 500n, at: at(4) }),
    ];
    expect(closedFinance(trades)).toEqual({ closedAmountCents: 2_700n, closedProfitCents: -300n });
    expect(closedFinance([])).toEqual({ closedAmountCents: 0n, closedProfitCents: 0n });
  });
});

describe('totalTransactionAmount', () => {
  it('sums the displayed buys and sells only', () => {
    const base = {
      assetId: 'a',
      status: 'success',
      feeCents: 0n,
      bonusCents: 0n,
      senderUserId: null,
      receiverUserId: null,
      paymentInformation: null,
    };
    expect(
      totalTransactionAmount([
        { ...base, transactionId: '1', type: 'buy', amountCents: 1_000n },
        { ...base, transactionId: '2', type: 'sell', amountCents: 500n },
        { ...base, transactionId: '3', type: 'rent', amountCents: 999n },
        { ...base, transactionId: '4', type: 'charge', amountCents: 7_000n },
      ]),
    ).toBe(1_500n);
  });
});
