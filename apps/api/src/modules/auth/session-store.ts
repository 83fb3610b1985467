import { CSRF_COOKIE, DEVICE_COOKIE, SESSION_COOKIE, type SessionInfo } from '@bw/contracts';
import type { Db } from '@bw/db';
import { SESSION_ABSOLUTE_LIFETIME_MS, sessionExpiresAt, sessionState, shouldTouchSession } from '@bw/domain';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { type AppConfig, publicUrl } from '../../config.js';
import type { SessionUser } from '../../plugins/session-user.js';
import type { UserRow } from '../users/users.repo.js';
import { deleteSession, findSessionWithUser, insertSession, rememberDevice, touchSession } from './auth.repo.js';
import { randomToken, sha256 } from './secrets.js';

/** The device cookie outlives sessions: it marks a recurring user (ADR 0003). Browsers cap cookies at 400 days. */
const DEVICE_COOKIE_MAX_AGE_S = 365 * 24 * 3600;
const SESSION_COOKIE_MAX_AGE_S = SESSION_ABSOLUTE_LIFETIME_MS / 1000;
/** Longer values are not ours; they are ignored without a database read. */
const MAX_COOKIE_TOKEN_LENGTH = 128;

export type ResolvedSession = { user: SessionUser; tokenHash: string; csrfToken: string; row: UserRow };

/**
 * Spec section 6: only role `user` passes the session check; a deactivated account has no session,
 * and neither has one the operator locked (issue 21).
 */
export const passesSessionCheck = (user: UserRow): boolean =>
  user.role === 'user' && user.status !== 'deactivated' && user.lockedAt === null;

export const toSessionUser = (user: UserRow): SessionUser => ({
  userId: user.id,
  email: user.email,
  role: 'user',
  userType: user.userType,
  status: user.status,
  partnerId: user.partnerId,
});

export const toSessionInfo = (user: UserRow, csrfToken: string): SessionInfo => ({
  userId: user.id,
  email: user.email,
  role: 'user',
  csrfToken,
  needsName: !user.firstName || !user.lastName,
  hasPassword: user.passwordHash !== null,
});

export const resolveSessionToken = async (db: Db, token: string, now: Date): Promise<ResolvedSession | null> => {
  if (token.length > MAX_COOKIE_TOKEN_LENGTH) return null;
  const tokenHash = sha256(token);
  const found = await findSessionWithUser(db, tokenHash);
  if (!found) return null;
  if (sessionState(found.session, now) !== 'active') {
    await deleteSession(db, tokenHash);
    return null;
  }
  if (!passesSessionCheck(found.user)) return null;
  if (shouldTouchSession(found.session.lastSeenAt, now)) await touchSession(db, tokenHash, now);
  return { user: toSessionUser(found.user), tokenHash, csrfToken: found.session.csrfToken, row: found.user };
};

const cookieValue = (header: string, name: string): string | undefined => {
  for (const part of header.split(';')) {
    const index = part.indexOf('=');
    if (index <= 0 || part.slice(0, index).trim() !== name) continue;
    try {
      return decodeURIComponent(part.slice(index + 1).trim());
    } catch {
      return undefined;
    }
  }
  return undefined;
};

/** Sockets send the browser's cookies with the handshake; this reads the session from them. */
export const resolveSessionFromCookieHeader = async (
  db: Db,
  cookieHeader: string | undefined,
  now: Date,
): Promise<SessionUser | null> => {
  if (!cookieHeader) return null;
  const token = cookieValue(cookieHeader, SESSION_COOKIE);
  if (!token) return null;
  return (await resolveSessionToken(db, token, now))?.user ?? null;
};

const secureCookies = (config: AppConfig): boolean => publicUrl(config).startsWith('https:');

const baseCookie = (config: AppConfig) => ({
  path: '/',
  sameSite: 'lax' as const,
  secure: secureCookies(config),
});

/**
 * Opens a new session (a new id at every login, so a planted id is worthless) and sets its cookies:
 * the HttpOnly session cookie and the readable CSRF cookie. Ends the session the request came with.
 */
export const startSession = async (
  db: Db,
  request: FastifyRequest,
  reply: FastifyReply,
  user: UserRow,
  now: Date,
): Promise<SessionInfo> => {
  if (request.sessionTokenHash) await deleteSession(db, request.sessionTokenHash);
  const token = randomToken();
  const csrfToken = randomToken();
  await insertSession(db, {
    tokenHash: sha256(token),
    userId: user.id,
    csrfToken,
    createdAt: now,
    lastSeenAt: now,
    expiresAt: sessionExpiresAt(now),
  });
  const config = request.server.config;
  reply.setCookie(SESSION_COOKIE, token, { ...baseCookie(config), httpOnly: true, maxAge: SESSION_COOKIE_MAX_AGE_S });
  reply.setCookie(CSRF_COOKIE, csrfToken, { ...baseCookie(config), httpOnly: false, maxAge: SESSION_COOKIE_MAX_AGE_S });
  let device = request.cookies[DEVICE_COOKIE];
  if (!device || device.length > MAX_COOKIE_TOKEN_LENGTH) {
    device = randomToken();
    reply.setCookie(DEVICE_COOKIE, device, { ...baseCookie(config), httpOnly: true, maxAge: DEVICE_COOKIE_MAX_AGE_S });
  }
  await rememberDevice(db, user.id, sha256(device), now);
  return toSessionInfo(user, csrfToken);
};

export const clearSessionCookies = (reply: FastifyReply, config: AppConfig): void => {
  reply.clearCookie(SESSION_COOKIE, baseCookie(config));
  reply.clearCookie(CSRF_COOKIE, baseCookie(config));
};

export const deviceHashOf = (request: FastifyRequest): string | null => {
  const device = request.cookies[DEVICE_COOKIE];
  return device && device.length <= MAX_COOKIE_TOKEN_LENGTH ? sha256(device) : null;
};
