import { isNumericCode, PASSWORD_MAX_LENGTH, type PasswordPurpose, passwordProblem } from '@bw/domain';

/** Catalog keys of the client-side messages (spec section 5); the server checks the same rules again. */
export type ValidationMessage =
  | 'auth.emailRequired'
  | 'auth.emailInvalid'
  | 'auth.passwordRequired'
  | 'auth.passwordTooShort'
  | 'auth.passwordNeedsCapital'
  | 'auth.passwordTooCommon'
  | 'auth.passwordTooLong'
  | 'auth.firstNameRequired'
  | 'auth.lastNameRequired'
  | 'auth.codeInvalid';

export type FieldErrors<F extends string> = Partial<Record<F, string>>;

const EMAIL_MAX_LENGTH = 254;
/** A pragmatic shape check: one @, no spaces, a dot in the domain with a top-level part of 2+ letters. */
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@.]{2,}$/;

/** Spec section 5: 'Die eingegebene E-Mail Adresse ist ungültig.'; availability is the server's call. */
export const validateEmail = (value: string): ValidationMessage | null => {
  const email = value.trim();
  if (email.length === 0) return 'auth.emailRequired';
  if (email.length > EMAIL_MAX_LENGTH || !EMAIL_PATTERN.test(email)) return 'auth.emailInvalid';
  return null;
};

/** Login only asks for something: the rules of spec section 5 apply to new passwords, not old ones. */
export const validateLoginPassword = (value: string): ValidationMessage | null => {
  if (value.length === 0) return 'auth.passwordRequired';
  if (value.length > PASSWORD_MAX_LENGTH) return 'auth.passwordTooLong';
  return null;
};

/**
 * Spec section 5: a new password has at least 10 characters and one capital letter; at registration
 * 10 characters suffice. The most common passwords are refused (ADR 0003, same list as the server).
 */
export const validateNewPassword = (value: string, purpose: PasswordPurpose): ValidationMessage | null => {
  if (value.length === 0) return 'auth.passwordRequired';
  const problem = passwordProblem(value, purpose);
  switch (problem) {
    case null:
      return null;
    case 'too-short':
      return 'auth.passwordTooShort';
    case 'too-long':
      return 'auth.passwordTooLong';
    case 'needs-capital':
      return 'auth.passwordNeedsCapital';
    case 'too-common':
      return 'auth.passwordTooCommon';
  }
};

export const validateName = (value: string, field: 'firstName' | 'lastName'): ValidationMessage | null =>
  value.trim().length > 0 ? null : field === 'firstName' ? 'auth.firstNameRequired' : 'auth.lastNameRequired';

/** The reset code of the e-mail: exactly 6 digits (spaces typed between groups are ignored). */
export const normalizeCode = (value: string): string => value.replace(/\s+/g, '');
export const validateCode = (value: string): ValidationMessage | null =>
  isNumericCode(normalizeCode(value)) ? null : 'auth.codeInvalid';

/** Keeps only the fields that have a message; an empty object means the form may be sent. */
export const collectErrors = <F extends string>(
  checks: Readonly<Record<F, ValidationMessage | null>>,
): Partial<Record<F, ValidationMessage>> => {
  const errors: Partial<Record<F, ValidationMessage>> = {};
  for (const [field, message] of Object.entries(checks) as [F, ValidationMessage | null][]) {
    if (message) errors[field] = message;
  }
  return errors;
};

export const hasErrors = (errors: object): boolean => Object.keys(errors).length > 0;
