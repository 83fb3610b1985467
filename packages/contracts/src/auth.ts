import { PASSWORD_MAX_LENGTH } from '@bw/domain';
import { z } from 'zod';

/** Spec section 5: 'Die eingegebene E-Mail Adresse ist ungültig.' */
export const EMAIL_INVALID_MESSAGE = 'Die eingegebene E-Mail Adresse ist ungültig.';
const EMAIL_MAX_LENGTH = 254;
const TOKEN_MAX_LENGTH = 200;
const NAME_MAX_LENGTH = 100;
const CODE_FIELD_MAX_LENGTH = 64;

/** Cookies and the header of ADR 0003. */
export const SESSION_COOKIE = 'bw_session';
export const CSRF_COOKIE = 'bw_csrf';
export const DEVICE_COOKIE = 'bw_device';
export const EXTERNAL_LOGIN_COOKIE = 'bw_ext_login';
export const CSRF_HEADER = 'x-csrf-token';

export const emailAddress = z
  .string()
  .trim()
  .max(EMAIL_MAX_LENGTH, EMAIL_INVALID_MESSAGE)
  .pipe(z.email(EMAIL_INVALID_MESSAGE))
  .transform((value) => value.toLowerCase());

/** Rules beyond the length cap are checked by the server (domain `passwordProblem`) with German messages. */
export const passwordField = z.string().min(1).max(PASSWORD_MAX_LENGTH);
const tokenField = z.string().min(1).max(TOKEN_MAX_LENGTH);

export const platformFamily = z.enum(['app', 'mobileWeb', 'desktopWeb']);
export type PlatformFamily = z.infer<typeof platformFamily>;

/** `POST /auth/login`. */
export const loginBody = z.strictObject({ email: emailAddress, password: passwordField });

/** The answer of every call that opens a session (login, verification, one-time login, ichApp). */
export const sessionInfo = z.object({
  userId: z.string(),
  email: z.string(),
  role: z.literal('user'),
  /** Same value as the `bw_csrf` cookie: send it as `x-csrf-token` on every POST/PUT/PATCH/DELETE. */
  csrfToken: z.string(),
  /** Spec section 4, External login: no first or last name yet → register?finishRegistration&hidePassword. */
  needsName: z.boolean(),
  hasPassword: z.boolean(),
});
export type SessionInfo = z.infer<typeof sessionInfo>;

export const loggedOut = z.object({ loggedOut: z.literal(true) });

export const emailParams = z.object({ email: z.string().max(EMAIL_MAX_LENGTH) });
export const emailAvailability = z.object({ email: z.string(), isAvailable: z.boolean() });

/** `POST /auth/register` (ADR 0003): the Email step; the partner comes from `x-partner-id`. */
export const registerBody = z.strictObject({
  email: emailAddress,
  newsletter: z.boolean().optional(),
  referralCode: z.string().trim().max(CODE_FIELD_MAX_LENGTH).optional(),
  affiliatePartnerId: z.string().trim().max(CODE_FIELD_MAX_LENGTH).optional(),
});
export const registered = z.object({
  userId: z.string(),
  email: z.string(),
  /** For `POST /auth/register/resend` (the registration draft's resendToken). */
  resendToken: z.string(),
});

export const resendVerificationBody = z.strictObject({ resendToken: tokenField });
export const verifyEmailBody = z.strictObject({ token: tokenField });
export const accepted = z.object({ accepted: z.literal(true) });

/** `PATCH /auth/set-password`: the first password (registration rule: at least 10 characters). */
export const setPasswordBody = z.strictObject({ passwordNew: passwordField });
export const passwordSet = z.object({ passwordSet: z.literal(true) });

/** `POST /auth/reset-password`. */
export const resetPasswordBody = z.strictObject({ email: emailAddress });
/**
 * `POST /auth/reset-password/check` and `/finish`: `token` is the 6-digit code from the e-mail (then
 * `email` is required) or the long token of the `/password-reset/{token}` link.
 */
export const resetCheckBody = z.strictObject({ token: tokenField, email: emailAddress.optional() });
export const resetFinishBody = z.strictObject({
  token: tokenField,
  passwordNew: passwordField,
  email: emailAddress.optional(),
});
export const codeValid = z.object({ valid: z.literal(true) });

/** `POST /auth/login/otp/{email}`: e-mails a one-time login link; the answer never tells whether the e-mail exists. */
export const loginLinkParams = z.object({ email: z.string().max(EMAIL_MAX_LENGTH) });
export const loginLinkQuery = z.strictObject({ platform: platformFamily.optional() });
export const loginLinkSent = z.object({ userId: z.string() });
export const otpLoginBody = z.strictObject({ token: tokenField });

/** `POST /auth/switchSession`: see `switch-account.ts`. */

/** `GET /auth/ichApp/url`. */
export const ichAppUrlQuery = z.strictObject({
  register: z.enum(['true', 'false']).optional(),
  platform: platformFamily.optional(),
});
export const ichAppUrl = z.object({ url: z.string() });
/**
 * `POST /auth/ichApp/login`: `state` as it came back on the redirect (checked when sent), and the
 * provider's `iss` (RFC 9207) when it sent one — an OpenID Connect provider checks it (ADR 0036).
 */
export const ichAppLoginBody = z.strictObject({
  code: tokenField,
  state: tokenField.optional(),
  iss: z.url().max(500).optional(),
});

export const nameField = z.string().trim().min(1).max(NAME_MAX_LENGTH);
