import {
  changePasswordBody,
  loginBody,
  registerBody,
  resetPasswordBody,
  setPasswordBody,
  updateUserBody,
} from '@bw/contracts';
import { isNumericCode, PASSWORD_MAX_LENGTH, type PasswordProblem, passwordProblem } from '@bw/domain';
import type { TranslationKey } from '@bw/i18n';
import { z } from 'zod';
import { msg } from '../../../components/form/msg';

/**
 * The auth forms' schemas (ADR 0015): the contracts' request bodies with the messages of spec
 * section 5 as catalogue keys. The server checks the same rules again.
 */

const EMAIL_MAX_LENGTH = 254;

/**
 * Spec section 5: 'Die eingegebene E-Mail Adresse ist ungültig.', with zod's e-mail check as the
 * contract's `emailAddress` uses it; whether the address is free is the server's call.
 */
export const emailInput = z
  .string()
  .trim()
  .min(1, msg('auth.emailRequired'))
  .max(EMAIL_MAX_LENGTH, msg('auth.emailInvalid'))
  .pipe(z.email(msg('auth.emailInvalid')));

/** Login only asks for something: the rules of spec section 5 apply to new passwords, not old ones. */
export const currentPasswordInput = z
  .string()
  .min(1, msg('auth.passwordRequired'))
  .max(PASSWORD_MAX_LENGTH, msg('auth.passwordTooLong'));

const passwordProblemKeys = {
  'too-short': 'auth.passwordTooShort',
  'too-long': 'auth.passwordTooLong',
  'needs-capital': 'auth.passwordNeedsCapital',
  'too-common': 'auth.passwordTooCommon',
} as const satisfies Record<PasswordProblem, TranslationKey>;

const newPasswordMessage = (value: string): TranslationKey | null => {
  if (value === '') return 'auth.passwordRequired';
  const problem = passwordProblem(value);
  return problem ? passwordProblemKeys[problem] : null;
};

/**
 * Spec section 5: a new password has at least 10 characters and one capital letter, at registration
 * as on a change or a reset (the domain's `passwordProblem`, the server's rule too; issue 34). The
 * most common passwords are refused (ADR 0003, same list as the server).
 */
export const newPasswordInput = z.string().superRefine((value, context) => {
  const key = newPasswordMessage(value);
  if (key) context.addIssue({ code: 'custom', message: msg(key) });
});

/** The server's refusals of a new password (spec section 5) belong to the field `passwordNew`. */
export const NEW_PASSWORD_CODE_FIELDS = {
  PASSWORD_TOO_SHORT: 'passwordNew',
  PASSWORD_NEEDS_CAPITAL: 'passwordNew',
  PASSWORD_TOO_COMMON: 'passwordNew',
} as const;

/** The reset code of the e-mail: exactly 6 digits (spaces typed between groups are ignored). */
export const resetCodeInput = z
  .string()
  .transform((value) => value.replace(/\s+/g, ''))
  .refine(isNumericCode, msg('auth.codeInvalid'));

/** `POST /auth/login`. */
export const loginForm = loginBody.extend({ email: emailInput, password: currentPasswordInput });

/** `POST /auth/register`: the Email step with the newsletter choice. */
export const registerEmailForm = registerBody
  .pick({ newsletter: true })
  .extend({ email: emailInput, newsletter: z.boolean() });

/** `PUT /api/v2/user` and, unless the account has one already, `PATCH /auth/set-password` (NamePassword step). */
export const namePasswordForm = (askPassword: boolean) =>
  updateUserBody.pick({ firstName: true, lastName: true }).extend({
    firstName: z.string().trim().min(1, msg('auth.firstNameRequired')),
    lastName: z.string().trim().min(1, msg('auth.lastNameRequired')),
    passwordNew: askPassword ? newPasswordInput : z.string(),
  });

/** `POST /auth/reset-password`. */
export const resetEmailForm = resetPasswordBody.extend({ email: emailInput });

/** `POST /auth/reset-password/check` with the code of the e-mail (sent as `token`). */
export const resetCodeForm = z.strictObject({ code: resetCodeInput });

/** `POST /auth/reset-password/finish`: the new password. */
export const resetPasswordForm = setPasswordBody.extend({ passwordNew: newPasswordInput });

/** `PATCH /api/v1/user/password`. */
export const changePasswordForm = changePasswordBody.extend({
  passwordOld: currentPasswordInput,
  passwordNew: newPasswordInput,
});
