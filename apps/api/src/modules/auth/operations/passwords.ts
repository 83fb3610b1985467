import { passwordProblem } from '@bw/domain';
import { AppError } from '../../../lib/app-error.js';

const FIELD_MESSAGES = {
  'too-short': 'PASSWORD_TOO_SHORT',
  'too-long': 'VALIDATION_FAILED',
  'needs-capital': 'PASSWORD_NEEDS_CAPITAL',
  'too-common': 'PASSWORD_TOO_COMMON',
} as const;

/** Spec section 5, one rule for registration, change and reset, with a German message at the field (`fields['body.passwordNew']`). */
export const assertAcceptablePassword = (password: string): void => {
  const problem = passwordProblem(password);
  if (!problem) return;
  const code = FIELD_MESSAGES[problem];
  const probe = new AppError(code);
  throw new AppError(code, { 'body.passwordNew': probe.message });
};
