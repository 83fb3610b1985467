import type { Transaction } from '@bw/contracts';
import { describe, expect, it } from 'vitest';
import { type ClientTransactionStatus, isIncoming, type TransactionState, transactionState } from './transaction-state';

type Row = [Transaction['type'], ClientTransactionStatus, Transaction['method'], TransactionState];

describe('transactionState (spec section 4: the states users see)', () => {
  it.each<Row>([
    // Pay-in by bank transfer: waiting for the deposit until it settles.
    ['charge', 'pending', 'bankWire', 'waitingForDeposit'],
    ['charge', 'pending', 'transfer', 'waitingForDeposit'],
    ['charge', 'init', 'bankWire', 'waitingForDeposit'],
    ['charge', 'charged', 'transfer', 'waitingForDeposit'],
    ['charge', 'pending', 'creditCard', 'inProgress'],
    ['charge', 'success', 'bankWire', 'completed'],
    ['charge', 'canceled', 'bankWire', 'canceled'],
    // Pay-out: in progress until the provider reports, then completed or failed.
    ['payout', 'pending', 'transfer', 'inProgress'],
    ['payout', 'reserved', 'transfer', 'inProgress'],
    ['payout', 'success', 'transfer', 'completed'],
    ['payout', 'error', 'transfer', 'failed'],
    ['payout', 'refund', 'transfer', 'refunded'],
    // Purchases and offers.
    ['buy', 'pending', 'account', 'inProgress'],
    ['buy', 'reserved', 'account', 'inProgress'],
    ['buy', 'paymentMissing', 'bankWire', 'paymentMissing'],
    ['buy', 'notaryMissing', 'account', 'notaryMissing'],
    ['buy', 'canceledOffer', 'account', 'canceledOffer'],
    ['sell', 'canceledOffer', 'account', 'canceledOffer'],
    ['sell', 'success', 'account', 'completed'],
    ['rent', 'success', 'account', 'completed'],
    ['bonus', 'success', 'account', 'completed'],
    ['financing', 'pending', 'bankWire', 'inProgress'],
  ])('%s / %s / %s → %s', (type, status, method, expected) => {
    expect(transactionState({ type, status, method })).toBe(expected);
  });

  it('counts pay-ins, sales, rent and bonuses as incoming, purchases and payouts as outgoing', () => {
    expect(['charge', 'sell', 'rent', 'bonus'].every((type) => isIncoming(type as Transaction['type']))).toBe(true);
    expect(['buy', 'payout', 'financing'].some((type) => isIncoming(type as Transaction['type']))).toBe(false);
  });
});
