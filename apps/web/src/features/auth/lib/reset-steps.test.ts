import { describe, expect, it } from 'vitest';
import {
  initialResetState,
  type ResetEvent,
  type ResetState,
  resetFinishBodyOf,
  resetReducer,
  resetStepNumber,
} from './reset-steps';

const run = (state: ResetState, ...events: ResetEvent[]): ResetState => events.reduce(resetReducer, state);

describe('password reset steps (spec section 4: e-mail, code, new password, success)', () => {
  it('walks e-mail → code → password → success', () => {
    const states: ResetState[] = [initialResetState(null)];
    for (const event of [
      { type: 'codeSent', email: 'anna@example.at' },
      { type: 'codeAccepted', code: '123456' },
      { type: 'passwordSaved' },
    ] as const) {
      states.push(resetReducer(states.at(-1) as ResetState, event));
    }
    expect(states.map((state) => state.step)).toEqual(['email', 'code', 'password', 'success']);
    expect(states.map((state) => resetStepNumber(state.step))).toEqual([1, 2, 3, 4]);
  });

  it('finishes a code with its e-mail, a link token alone', () => {
    const viaCode = run(
      initialResetState(null),
      { type: 'codeSent', email: 'anna@example.at' },
      { type: 'codeAccepted', code: '123456' },
    );
    const viaLink = run(initialResetState('link-token'), { type: 'linkAccepted' });
    if (viaCode.step !== 'password' || viaLink.step !== 'password') throw new Error('expected the password step');
    expect(resetFinishBodyOf(viaCode, 'Neu-Passwort-42')).toEqual({
      token: '123456',
      email: 'anna@example.at',
      passwordNew: 'Neu-Passwort-42',
    });
    expect(resetFinishBodyOf(viaLink, 'Neu-Passwort-42')).toEqual({
      token: 'link-token',
      passwordNew: 'Neu-Passwort-42',
    });
  });

  it('a /password-reset/{token} link skips the code step, a rejected one starts over', () => {
    expect(initialResetState('t').step).toBe('checkingLink');
    expect(run(initialResetState('t'), { type: 'linkRejected' }).step).toBe('linkInvalid');
    expect(run(initialResetState('t'), { type: 'linkRejected' }, { type: 'startOver' }).step).toBe('email');
  });

  it('goes back one step, but never back into a link check', () => {
    const code = run(initialResetState(null), { type: 'codeSent', email: 'a@b.at' });
    expect(run(code, { type: 'back' }).step).toBe('email');
    expect(run(code, { type: 'codeAccepted', code: '000001' }, { type: 'back' }).step).toBe('code');
    expect(run(initialResetState('t'), { type: 'linkAccepted' }, { type: 'back' }).step).toBe('password');
  });

  it('ignores events that do not fit the step', () => {
    const email = initialResetState(null);
    expect(run(email, { type: 'codeAccepted', code: '123456' })).toBe(email);
    expect(run(email, { type: 'passwordSaved' })).toBe(email);
    expect(run(email, { type: 'linkAccepted' })).toBe(email);
  });

  it('asking for a new code on the code step keeps the step', () => {
    const code = run(
      initialResetState(null),
      { type: 'codeSent', email: 'a@b.at' },
      { type: 'codeSent', email: 'a@b.at' },
    );
    expect(code).toEqual({ step: 'code', email: 'a@b.at' });
  });
});
