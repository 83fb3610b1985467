import { COMMON_PASSWORDS_TEXT } from './common-passwords.js';

/**
 * Spec sections 5 and 9: a password has at least 10 characters and one capital letter. One rule for
 * every password an investor chooses, at registration as on a change or a reset (issue 34: a
 * password registration accepted was refused by the change), checked by the server and every form.
 */
export const PASSWORD_MIN_LENGTH = 10;
/** argon2 hashes any length; the cap keeps a single request from burning CPU. */
export const PASSWORD_MAX_LENGTH = 128;
/** A base word shorter than this, once digits and symbols are stripped, is not looked up. */
const COMMON_BASE_MIN_LENGTH = 5;

export type PasswordProblem = 'too-short' | 'too-long' | 'needs-capital' | 'too-common';

const commonPasswords: ReadonlySet<string> = new Set(
  COMMON_PASSWORDS_TEXT.split('\n')
    .map((line) => line.trim())
    .filter(Boolean),
);

export const commonPasswordCount = (): number => commonPasswords.size;

const EDGE_NON_LETTERS = /^[^\p{L}]+|[^\p{L}]+$/gu;

/**
 * A password is common when it is on the list (ignoring case), or when it is a listed word with
 * only digits or symbols around it ("Passwort123!"): attackers try those first.
 */
export const isCommonPassword = (password: string): boolean => {
  const lower = password.toLowerCase();
  if (commonPasswords.has(lower)) return true;
  const base = lower.replace(EDGE_NON_LETTERS, '');
  if (base.length >= COMMON_BASE_MIN_LENGTH && commonPasswords.has(base)) return true;
  return new Set(lower).size <= 2;
};

const hasCapital = (password: string): boolean => /\p{Lu}/u.test(password);

/** The first rule a new password breaks, or null when it is acceptable. */
export const passwordProblem = (password: string): PasswordProblem | null => {
  if ([...password].length < PASSWORD_MIN_LENGTH) return 'too-short';
  if (password.length > PASSWORD_MAX_LENGTH) return 'too-long';
  if (!hasCapital(password)) return 'needs-capital';
  if (isCommonPassword(password)) return 'too-common';
  return null;
};
