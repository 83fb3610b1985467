/**
 * Spec section 4, Passwords: reset is e-mail → code → new password → success. A `/password-reset/{token}`
 * link (reset-password?passwordToken=) skips the code step once the server accepts the link.
 * A pure state machine; the screen sends the calls and feeds their outcomes back as events.
 */
export type ResetState =
  | { readonly step: 'email' }
  | { readonly step: 'code'; readonly email: string }
  | { readonly step: 'checkingLink'; readonly token: string }
  | { readonly step: 'linkInvalid' }
  | {
      readonly step: 'password';
      /** The 6-digit code (with the e-mail) or the link token. */
      readonly token: string;
      readonly email: string | null;
    }
  | { readonly step: 'success' };

export type ResetEvent =
  | { readonly type: 'codeSent'; readonly email: string }
  | { readonly type: 'codeAccepted'; readonly code: string }
  | { readonly type: 'linkAccepted' }
  | { readonly type: 'linkRejected' }
  | { readonly type: 'passwordSaved' }
  | { readonly type: 'back' }
  | { readonly type: 'startOver' };

export type ResetStep = ResetState['step'];

export const initialResetState = (passwordToken: string | null): ResetState =>
  passwordToken ? { step: 'checkingLink', token: passwordToken } : { step: 'email' };

export const resetReducer = (state: ResetState, event: ResetEvent): ResetState => {
  switch (event.type) {
    case 'codeSent':
      return state.step === 'email' || state.step === 'code' ? { step: 'code', email: event.email } : state;
    case 'codeAccepted':
      return state.step === 'code' ? { step: 'password', token: event.code, email: state.email } : state;
    case 'linkAccepted':
      return state.step === 'checkingLink' ? { step: 'password', token: state.token, email: null } : state;
    case 'linkRejected':
      return state.step === 'checkingLink' ? { step: 'linkInvalid' } : state;
    case 'passwordSaved':
      return state.step === 'password' ? { step: 'success' } : state;
    case 'back':
      if (state.step === 'code') return { step: 'email' };
      if (state.step === 'password' && state.email !== null) return { step: 'code', email: state.email };
      return state;
    case 'startOver':
      return { step: 'email' };
  }
};

/** The four visible steps of spec section 4 (the link check counts as the code step). */
export const RESET_STEP_COUNT = 4;
export const resetStepNumber = (step: ResetStep): number => {
  switch (step) {
    case 'email':
    case 'linkInvalid':
      return 1;
    case 'code':
    case 'checkingLink':
      return 2;
    case 'password':
      return 3;
    case 'success':
      return 4;
  }
};

/** Body of `POST /auth/reset-password/finish`: the code needs its e-mail, the link token stands alone. */
export const resetFinishBodyOf = (
  state: Extract<ResetState, { step: 'password' }>,
  passwordNew: string,
): { token: string; passwordNew: string; email?: string } =>
  state.email === null ? { token: state.token, passwordNew } : { token: state.token, passwordNew, email: state.email };
