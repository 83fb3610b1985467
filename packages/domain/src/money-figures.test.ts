import { describe, expect, it } from 'vitest';
import {
  balanceEffectCents,
  balanceOfMovements,
  changedBalance,
  debitedCentsOfPurchase,
  proceedsCentsOfSale,
  shownCentsOfMovement,
} from './money-figures.js';
import { purchaseTotals } from './primary-market/purchase.js';
import { displayTransaction, type ViewTransaction } from './processed-user-view.js';

const row = (over: Partial<ViewTransaction>): ViewTransaction => ({
  transactionId: 't',
  assetId: 'a',
  type: 'buy',
  status: 'success',
  amountCents: 0n,
  feeCents: 0n,
  bonusCents: 0n,
  senderUserId: null,
  receiverUserId: null,
  paymentInformation: null,
  ...over,
});

describe('one figure per amount (issue 34)', () => {
  it('a purchase debits price × shares + fee − bonus, as the buy flow totals it', () => {
    expect(debitedCentsOfPurchase({ amountCents: 47_500n, feeCents: 2_500n, bonusCents: 2_000n })).toBe(48_000n);
    const totals = purchaseTotals(5, 9_500n, 526, 2_000n);
    expect(totals.totalCents).toBe(debitedCentsOfPurchase(totals));
  });

  it('a sale brings in the volume less the seller fee', () => {
    expect(proceedsCentsOfSale({ amountCents: 40_000n, feeCents: 400n })).toBe(39_600n);
  });

  it('the account line of a purchase shows the debited amount, the same figure as the success screen', () => {
    const buy = row({ amountCents: 47_500n, feeCents: 2_500n, bonusCents: 2_000n });
    expect(displayTransaction('me', buy).amountCents).toBe(48_000n);
    expect(shownCentsOfMovement(buy)).toBe(48_000n);
    expect(balanceEffectCents(buy)).toBe(-48_000n);
  });

  it.each([
    ['charge', 10_000n],
    ['rent', 1_234n],
    ['bonus', 500n],
    ['sell', 9_900n],
    ['payout', -10_000n],
    ['financing', -10_100n],
  ] as const)('%s changes the balance by %s', (type, effect) => {
    const amountCents = type === 'rent' ? 1_234n : type === 'bonus' ? 500n : 10_000n;
    expect(balanceEffectCents(row({ type, amountCents, feeCents: 100n }))).toBe(effect);
  });

  it('the balance is the sum of the lines that changed it: completed ones and payouts on their way', () => {
    const rows = [
      row({ type: 'charge', amountCents: 100_000n }),
      row({ type: 'buy', amountCents: 47_500n, feeCents: 2_500n, bonusCents: 2_000n }),
      row({ type: 'payout', status: 'pending', amountCents: 1_000n }),
      row({ type: 'buy', status: 'reserved', amountCents: 5_000n }),
      row({ type: 'charge', status: 'canceled', amountCents: 7_000n }),
    ];
    expect(rows.map(changedBalance)).toEqual([true, true, true, false, false]);
    expect(balanceOfMovements(rows)).toBe(100_000n - 48_000n - 1_000n);
  });
});
