import type { InitMoneyOutResult } from '@bw/contracts';

/**
 * The pay-out of spec sections 2 and 5 as a state machine: amount → (SMS sent) code → (code right)
 * done. Errors are the server's codes (or the client's own checks), placed at the field they are about.
 * Each step that calls the server carries the idempotency key of that one user action.
 */
export type PayoutState =
  | { readonly step: 'amount'; readonly error: string | null }
  | { readonly step: 'requesting'; readonly amountCents: bigint; readonly idempotencyKey: string }
  | { readonly step: 'code'; readonly challenge: InitMoneyOutResult; readonly error: string | null }
  | { readonly step: 'confirming'; readonly challenge: InitMoneyOutResult; readonly idempotencyKey: string }
  | { readonly step: 'done'; readonly challenge: InitMoneyOutResult };

export type PayoutEvent =
  | { readonly type: 'amountRejected'; readonly error: string }
  | { readonly type: 'amountSubmitted'; readonly amountCents: bigint; readonly idempotencyKey: string }
  | { readonly type: 'codeSent'; readonly challenge: InitMoneyOutResult }
  | { readonly type: 'requestFailed'; readonly error: string }
  | { readonly type: 'codeRejected'; readonly error: string }
  | { readonly type: 'codeSubmitted'; readonly idempotencyKey: string }
  | { readonly type: 'confirmed' }
  | { readonly type: 'confirmFailed'; readonly error: string }
  | { readonly type: 'closed' };

export const initialPayoutState: PayoutState = { step: 'amount', error: null };

/** A wrong code may be typed again; anything else ends this payout and starts over at the amount. */
const RETRY_CODE_ERRORS: ReadonlySet<string> = new Set(['PAYOUT_CODE_WRONG', 'codeRequired']);

export const payoutReducer = (state: PayoutState, event: PayoutEvent): PayoutState => {
  switch (event.type) {
    case 'amountRejected':
      return state.step === 'amount' ? { step: 'amount', error: event.error } : state;
    case 'amountSubmitted':
      return state.step === 'amount'
        ? { step: 'requesting', amountCents: event.amountCents, idempotencyKey: event.idempotencyKey }
        : state;
    case 'codeSent':
      return state.step === 'requesting' ? { step: 'code', challenge: event.challenge, error: null } : state;
    case 'requestFailed':
      return state.step === 'requesting' ? { step: 'amount', error: event.error } : state;
    case 'codeRejected':
      return state.step === 'code' ? { ...state, error: event.error } : state;
    case 'codeSubmitted':
      return state.step === 'code'
        ? { step: 'confirming', challenge: state.challenge, idempotencyKey: event.idempotencyKey }
        : state;
    case 'confirmed':
      return state.step === 'confirming' ? { step: 'done', challenge: state.challenge } : state;
    case 'confirmFailed':
      if (state.step !== 'confirming') return state;
      return RETRY_CODE_ERRORS.has(event.error)
        ? { step: 'code', challenge: state.challenge, error: event.error }
        : { step: 'amount', error: event.error };
    case 'closed':
      // Closing while a call is under way keeps the state: its answer still arrives.
      return state.step === 'requesting' || state.step === 'confirming' ? state : initialPayoutState;
  }
};

/** The code step (and its end) are shown in a bottom sheet over the account screen. */
export const isSheetOpen = (state: PayoutState): boolean =>
  state.step === 'code' || state.step === 'confirming' || state.step === 'done';
