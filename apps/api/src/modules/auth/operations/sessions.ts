import type { SessionInfo } from '@bw/contracts';
import { EMAIL_REQUEST_THROTTLE, LOGIN_LINK_TTL_MS, SWITCH_SESSION_TTL_MS } from '@bw/domain';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { publicUrl } from '../../../config.js';
import { AppError } from '../../../lib/app-error.js';
import type { SessionUser } from '../../../plugins/session-user.js';
import { findUserByEmail, findUserById, updateUser } from '../../users/users.repo.js';
import { deleteSession, insertAuthToken, serverSecret } from '../auth.repo.js';
import { loginLinkEmail } from '../emails/auth-emails.js';
import { brandOf, queueAccountEmail } from '../emails/send-account-email.js';
import { hmacSha256, randomToken, sha256 } from '../secrets.js';
import { clearSessionCookies, passesSessionCheck, startSession, toSessionInfo } from '../session-store.js';
import { addressCheck, takeAttempts, throttleKey } from '../throttle.js';
import { redeemLinkToken } from './tokens.js';

/**
 * `GET /auth/checksession`: the live session of the caller, or UNAUTHENTICATED. The user is the one
 * the session check read with the session (one query per call, issue 37).
 */
export const checkSession = async (request: FastifyRequest): Promise<SessionInfo> => {
  const user = request.sessionUser && request.sessionAccount;
  if (!user || !request.sessionCsrfToken) throw new AppError('UNAUTHENTICATED');
  return toSessionInfo(user, request.sessionCsrfToken);
};

/** `POST /auth/logout`: the session ends in the database, not only in the browser. */
export const logout = async (
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<{ loggedOut: true }> => {
  if (request.sessionTokenHash) await deleteSession(app.db, request.sessionTokenHash);
  clearSessionCookies(reply, app.config);
  return { loggedOut: true };
};

const PSEUDONYM_SECRET = 'user-pseudonym';

/** A stable uuid-shaped id for an e-mail without an account, so the answer does not reveal which exist. */
const pseudonymousUserId = async (app: FastifyInstance, email: string): Promise<string> => {
  const hex = hmacSha256(await serverSecret(app.db, PSEUDONYM_SECRET), email);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
};

const finishUrl = (app: FastifyInstance, platform: string | undefined, token: string): string => {
  const query = new URLSearchParams({ ...(platform ? { platform } : {}), token });
  return `${publicUrl(app.config)}/finishExternalAuth?${query.toString()}`;
};

/** `POST /auth/login/otp/{email}` (ADR 0003): e-mails a one-time login link; answers `data.userId`. */
export const requestLoginLink = async (
  app: FastifyInstance,
  request: FastifyRequest,
  email: string,
  platform: string | undefined,
): Promise<{ userId: string }> => {
  const now = new Date();
  const checks = [
    { key: throttleKey('login-link-account', email), rule: EMAIL_REQUEST_THROTTLE.perAccount },
    addressCheck(app.config, 'login-link-address', request.ip, EMAIL_REQUEST_THROTTLE.perAddress),
  ];
  if (!(await takeAttempts(app.db, checks, now))) throw new AppError('SECURITY_LOCK');
  const user = await findUserByEmail(app.db, email);
  if (!user || !passesSessionCheck(user)) return { userId: await pseudonymousUserId(app, email) };
  const token = randomToken();
  const brand = await brandOf(app.db, user.partnerId);
  await app.db.transaction(async (tx) => {
    await insertAuthToken(tx, {
      userId: user.id,
      purpose: 'login-link',
      tokenHash: sha256(token),
      expiresAt: new Date(now.getTime() + LOGIN_LINK_TTL_MS),
    });
    await queueAccountEmail(
      app,
      tx,
      `login-link:${sha256(token)}`,
      user.email,
      loginLinkEmail(brand, finishUrl(app, platform, token)),
    );
  });
  return { userId: user.id };
};

/** `POST /auth/login/otp {token}`: redeems a login link or a session switch, once. */
export const loginWithOneTimeToken = async (
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  token: string,
): Promise<SessionInfo> => {
  const now = new Date();
  const row = await redeemLinkToken(app.db, token, ['login-link', 'switch-session'], now);
  let user = await findUserById(app.db, row.userId);
  if (!user || !passesSessionCheck(user)) throw new AppError('TOKEN_INVALID');
  // A login link proves the mailbox as well as a verification link does.
  if (row.purpose === 'login-link' && !user.emailVerifiedAt) {
    user = (await updateUser(app.db, user.id, { emailVerifiedAt: now })) ?? user;
  }
  return startSession(app.db, request, reply, user, now);
};

/**
 * `POST /auth/switchSession {destinationPlatform}` (ADR 0003): a short-lived single-use token that
 * opens a session of the same user on another route family (app, mobileWeb, desktopWeb) through
 * `/finishExternalAuth?platform&token` and `POST /auth/login/otp {token}`.
 */
export const switchSession = async (
  app: FastifyInstance,
  sessionUser: SessionUser,
  destinationPlatform: string,
): Promise<{ token: string; url: string; expiresAt: string }> => {
  const token = randomToken();
  const expiresAt = new Date(Date.now() + SWITCH_SESSION_TTL_MS);
  await insertAuthToken(app.db, {
    userId: sessionUser.userId,
    purpose: 'switch-session',
    tokenHash: sha256(token),
    expiresAt,
  });
  return { token, url: finishUrl(app, destinationPlatform, token), expiresAt: expiresAt.toISOString() };
};

/** Spec section 5: "Availability is checked on the server." Throttled per address against harvesting. */
export const EMAIL_AVAILABILITY_THROTTLE = { max: 60, windowMs: 60_000 };

export const emailAvailability = async (
  app: FastifyInstance,
  request: FastifyRequest,
  email: string,
): Promise<{ email: string; isAvailable: boolean }> => {
  const now = new Date();
  const check = [{ key: throttleKey('email-available', request.ip), rule: EMAIL_AVAILABILITY_THROTTLE }];
  if (!(await takeAttempts(app.db, check, now))) throw new AppError('RATE_LIMITED');
  const user = await findUserByEmail(app.db, email);
  return { email, isAvailable: !user?.emailVerifiedAt };
};
