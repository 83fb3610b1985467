import type { InitMoneyOutResult } from '@bw/contracts';
import { describe, expect, it } from 'vitest';
import {
  canRetryCode,
  initialPayoutState,
  isSheetOpen,
  type PayoutEvent,
  type PayoutState,
  payoutReducer,
} from './payout-steps';

const challenge: InitMoneyOutResult = {
  transactionId: '8d0c7c43-5b4f-4d55-9a4a-3a0b5e0f6d11',
  amount: '1250',
  payoutAccountId: '0b8f3f2e-1c1d-4c0e-8f55-2f7d4c1e9a10',
  IBAN: 'DE89370400440532013000',
  smsSentTo: '+43 ••• ••• 89',
  expiresAt: '2026-11-22T14:15:00.000Z',
};

const run = (events: PayoutEvent[], from: PayoutState = initialPayoutState): PayoutState =>
  events.reduce(payoutReducer, from);

describe('payoutReducer (amount, then SMS code)', () => {
  it('goes amount → requesting → code → confirming → done', () => {
    const states: PayoutState[] = [];
    let state = initialPayoutState;
    for (const event of [
      { type: 'amountSubmitted', amountCents: 1250n, idempotencyKey: 'key-init-1' },
      { type: 'codeSent', challenge },
      { type: 'codeSubmitted', idempotencyKey: 'key-confirm-1' },
      { type: 'confirmed' },
    ] satisfies PayoutEvent[]) {
      state = payoutReducer(state, event);
      states.push(state);
    }
    expect(states.map((s) => s.step)).toEqual(['requesting', 'code', 'confirming', 'done']);
    expect(states[0]).toMatchObject({ amountCents: 1250n, idempotencyKey: 'key-init-1' });
    expect(states[2]).toMatchObject({ idempotencyKey: 'key-confirm-1' });
    expect(isSheetOpen(state)).toBe(true);
  });

  it('goes back to the amount when the request is refused', () => {
    const refused = run([
      { type: 'amountSubmitted', amountCents: 999_999n, idempotencyKey: 'key-init-2' },
      { type: 'requestFailed' },
    ]);
    expect(refused).toEqual(initialPayoutState);
    expect(isSheetOpen(refused)).toBe(false);
  });

  it('lets a wrong code be typed again', () => {
    const wrong = run([
      { type: 'amountSubmitted', amountCents: 1250n, idempotencyKey: 'key-init-3' },
      { type: 'codeSent', challenge },
      { type: 'codeSubmitted', idempotencyKey: 'key-confirm-3' },
      { type: 'confirmFailed', error: 'PAYOUT_CODE_WRONG' },
    ]);
    expect(wrong).toEqual({ step: 'code', challenge });
    expect(canRetryCode('PAYOUT_CODE_WRONG')).toBe(true);
    expect(run([{ type: 'codeSubmitted', idempotencyKey: 'key-confirm-4' }], wrong)).toMatchObject({
      step: 'confirming',
      idempotencyKey: 'key-confirm-4',
    });
  });

  it.each(['PAYOUT_CODE_EXPIRED', 'PAYOUT_CODE_LOCKED', 'PAYOUT_NOT_CONFIRMABLE', 'generic'])(
    'starts over at the amount after %s',
    (error) => {
      const confirming: PayoutState = { step: 'confirming', challenge, idempotencyKey: 'key-confirm-5' };
      expect(run([{ type: 'confirmFailed', error }], confirming)).toEqual(initialPayoutState);
      expect(canRetryCode(error)).toBe(false);
    },
  );

  it('ignores events that do not fit the step (a double click, a late answer)', () => {
    const requesting = run([{ type: 'amountSubmitted', amountCents: 1250n, idempotencyKey: 'key-init-6' }]);
    expect(run([{ type: 'amountSubmitted', amountCents: 50n, idempotencyKey: 'key-init-7' }], requesting)).toBe(
      requesting,
    );
    expect(run([{ type: 'confirmed' }])).toBe(initialPayoutState);
    expect(run([{ type: 'codeSent', challenge }])).toBe(initialPayoutState);
  });

  it('closes back to the amount, except while a call is under way', () => {
    const done: PayoutState = { step: 'done', challenge };
    expect(run([{ type: 'closed' }], done)).toEqual(initialPayoutState);
    const confirming: PayoutState = { step: 'confirming', challenge, idempotencyKey: 'key-confirm-8' };
    expect(run([{ type: 'closed' }], confirming)).toBe(confirming);
  });
});
