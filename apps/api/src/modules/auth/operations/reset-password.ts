import {
  CODE_MAX_FAILED_ATTEMPTS,
  EMAIL_REQUEST_THROTTLE,
  isNumericCode,
  isThrottled,
  oneTimeSecretState,
  RESET_CODE_FAILURE_THROTTLE,
  RESET_CODE_TTL_MS,
} from '@bw/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { type AppConfig, publicUrl } from '../../../config.js';
import { AppError } from '../../../lib/app-error.js';
import { findUserByEmail, findUserById, updateUser } from '../../users/users.repo.js';
import {
  type AuthTokenRow,
  consumeAuthToken,
  deleteUserSessions,
  findAuthTokenByHash,
  findLatestOpenToken,
  giveCodeTryBack,
  insertAuthToken,
  readThrottleWindow,
  retireOpenTokens,
  serverSecret,
  takeCodeTry,
} from '../auth.repo.js';
import { passwordResetEmail } from '../emails/auth-emails.js';
import { brandOf, queueAccountEmail } from '../emails/send-account-email.js';
import { hashPassword, hmacSha256, randomNumericCode, randomToken, safeEqual, sha256 } from '../secrets.js';
import { addressCheck, refundAttempts, type ThrottleCheck, takeAttempts, throttleKey } from '../throttle.js';
import { assertAcceptablePassword } from './passwords.js';

const CODE_SECRET = 'reset-code';

const requestChecks = (config: AppConfig, request: FastifyRequest, email: string): ThrottleCheck[] => [
  { key: throttleKey('reset-account', email), rule: EMAIL_REQUEST_THROTTLE.perAccount },
  addressCheck(config, 'reset-address', request.ip, EMAIL_REQUEST_THROTTLE.perAddress),
];
const codeFailureCheck = (email: string): ThrottleCheck => ({
  key: throttleKey('reset-code-failures', email),
  rule: RESET_CODE_FAILURE_THROTTLE,
});

/** Whether the code function of this account is locked (read only: asking for a code is not a code try). */
const codeLocked = async (app: FastifyInstance, email: string, now: Date): Promise<boolean> => {
  const check = codeFailureCheck(email);
  const window = await readThrottleWindow(app.db, check.key);
  return window !== undefined && isThrottled(window, check.rule, now);
};

/**
 * `POST /auth/reset-password {email}`: a 6-digit code and a `/password-reset/{token}` link by
 * e-mail. The answer is the same whether the address exists; too many requests lock the function
 * (spec section 8).
 */
export const requestPasswordReset = async (
  app: FastifyInstance,
  request: FastifyRequest,
  email: string,
): Promise<{ accepted: true }> => {
  const now = new Date();
  const checks = requestChecks(app.config, request, email);
  if (await codeLocked(app, email, now)) throw new AppError('SECURITY_LOCK');
  if (!(await takeAttempts(app.db, checks, now))) throw new AppError('SECURITY_LOCK');
  const user = await findUserByEmail(app.db, email);
  if (user?.role !== 'user') return { accepted: true };
  const code = randomNumericCode();
  const token = randomToken();
  const codeSecret = await serverSecret(app.db, CODE_SECRET);
  const brand = await brandOf(app.db, user.partnerId);
  await app.db.transaction(async (tx) => {
    await retireOpenTokens(tx, user.id, 'password-reset', now);
    await insertAuthToken(tx, {
      userId: user.id,
      purpose: 'password-reset',
      tokenHash: sha256(token),
      codeHash: hmacSha256(codeSecret, `${user.id}:${code}`),
      expiresAt: new Date(now.getTime() + RESET_CODE_TTL_MS),
    });
    const link = `${publicUrl(app.config)}/password-reset/${token}`;
    await queueAccountEmail(
      app,
      tx,
      `password-reset:${sha256(token)}`,
      user.email,
      passwordResetEmail(brand, code, link),
    );
  });
  return { accepted: true };
};

/**
 * Finds the reset the code or link stands for. A wrong code counts against the code (it dies at
 * five) and against the address (the function locks at ten per hour).
 */
const findValidReset = async (
  app: FastifyInstance,
  input: { token: string; email?: string | undefined },
  now: Date,
): Promise<AuthTokenRow> => {
  if (!isNumericCode(input.token)) {
    const row = await findAuthTokenByHash(app.db, sha256(input.token));
    if (row?.purpose !== 'password-reset' || oneTimeSecretState(row, now) !== 'valid') {
      throw new AppError('TOKEN_INVALID');
    }
    return row;
  }
  if (!input.email) throw new AppError('VALIDATION_FAILED', { 'body.email': 'Gib deine E-Mail-Adresse ein.' });
  // Every code try is taken before the code is compared, in one statement each (ADR 0020): from
  // the account's budget (the function locks at ten an hour) and from the code's own five tries.
  // Concurrent tries therefore count one each; a right code gives both tries back.
  const failures = codeFailureCheck(input.email);
  if (!(await takeAttempts(app.db, [failures], now))) throw new AppError('SECURITY_LOCK');
  const user = await findUserByEmail(app.db, input.email);
  const row = user ? await findLatestOpenToken(app.db, user.id, 'password-reset') : undefined;
  const expected = user && row?.codeHash ? row.codeHash : sha256('no-code');
  const sent = hmacSha256(await serverSecret(app.db, CODE_SECRET), `${user?.id ?? ''}:${input.token}`);
  const matches = safeEqual(sent, expected);
  if (!row || oneTimeSecretState(row, now) !== 'valid') throw new AppError('CODE_WRONG');
  if (!(await takeCodeTry(app.db, row.id, CODE_MAX_FAILED_ATTEMPTS))) throw new AppError('CODE_WRONG');
  if (!matches) throw new AppError('CODE_WRONG');
  await giveCodeTryBack(app.db, row.id);
  await refundAttempts(app.db, [failures]);
  return row;
};

/** `POST /auth/reset-password/check` (ADR 0003): the code step, before the new-password step. */
export const checkResetCode = async (
  app: FastifyInstance,
  input: { token: string; email?: string | undefined },
): Promise<{ valid: true }> => {
  await findValidReset(app, input, new Date());
  return { valid: true };
};

/** `POST /auth/reset-password/finish`: sets the new password and ends every session of the account. */
export const finishPasswordReset = async (
  app: FastifyInstance,
  input: { token: string; passwordNew: string; email?: string | undefined },
): Promise<{ passwordReset: true }> => {
  assertAcceptablePassword(input.passwordNew);
  const now = new Date();
  const row = await findValidReset(app, input, now);
  const passwordHash = await hashPassword(input.passwordNew);
  await app.db.transaction(async (tx) => {
    if (!(await consumeAuthToken(tx, row.id, now))) throw new AppError('TOKEN_INVALID');
    await updateUser(tx, row.userId, { passwordHash });
    await deleteUserSessions(tx, row.userId);
  });
  const user = await findUserById(app.db, row.userId);
  if (user) app.bus.publishUserUpdate(user.email, 'password');
  return { passwordReset: true };
};
