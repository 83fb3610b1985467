import type { InitMoneyOutResult } from '@bw/contracts';

/**
 * The pay-out of spec sections 2 and 5 as a state machine: amount → (SMS sent) code → (code right)
 * done. Each step that calls the server carries the idempotency key of that one user action. The
 * messages of a refused step belong to its form (components/form, ADR 0015), not to this machine.
 */
export type PayoutState =
  | { readonly step: 'amount' }
  | { readonly step: 'requesting'; readonly amountCents: bigint; readonly idempotencyKey: string }
  | { readonly step: 'code'; readonly challenge: InitMoneyOutResult }
  | { readonly step: 'confirming'; readonly challenge: InitMoneyOutResult; readonly idempotencyKey: string }
  | { readonly step: 'done'; readonly challenge: InitMoneyOutResult };

export type PayoutEvent =
  | { readonly type: 'amountSubmitted'; readonly amountCents: bigint; readonly idempotencyKey: string }
  | { readonly type: 'codeSent'; readonly challenge: InitMoneyOutResult }
  | { readonly type: 'requestFailed' }
  | { readonly type: 'codeSubmitted'; readonly idempotencyKey: string }
  | { readonly type: 'confirmed' }
  | { readonly type: 'confirmFailed'; readonly error: string }
  | { readonly type: 'closed' };

export const initialPayoutState: PayoutState = { step: 'amount' };

/** A wrong code may be typed again; anything else ends this payout and starts over at the amount. */
const RETRY_CODE_ERRORS: ReadonlySet<string> = new Set(['PAYOUT_CODE_WRONG']);
export const canRetryCode = (error: string): boolean => RETRY_CODE_ERRORS.has(error);

export const payoutReducer = (state: PayoutState, event: PayoutEvent): PayoutState => {
  switch (event.type) {
    case 'amountSubmitted':
      return state.step === 'amount'
        ? { step: 'requesting', amountCents: event.amountCents, idempotencyKey: event.idempotencyKey }
        : state;
    case 'codeSent':
      return state.step === 'requesting' ? { step: 'code', challenge: event.challenge } : state;
    case 'requestFailed':
      return state.step === 'requesting' ? initialPayoutState : state;
    case 'codeSubmitted':
      return state.step === 'code'
        ? { step: 'confirming', challenge: state.challenge, idempotencyKey: event.idempotencyKey }
        : state;
    case 'confirmed':
      return state.step === 'confirming' ? { step: 'done', challenge: state.challenge } : state;
    case 'confirmFailed':
      if (state.step !== 'confirming') return state;
      return canRetryCode(event.error) ? { step: 'code', challenge: state.challenge } : initialPayoutState;
    case 'closed':
      // Closing while a call is under way keeps the state: its answer still arrives.
      return state.step === 'requesting' || state.step === 'confirming' ? state : initialPayoutState;
  }
};

/** The code step (and its end) are shown in a bottom sheet over the account screen. */
export const isSheetOpen = (state: PayoutState): boolean =>
  state.step === 'code' || state.step === 'confirming' || state.step === 'done';
