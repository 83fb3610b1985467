import { STAFF_CSRF_COOKIE, STAFF_SESSION_COOKIE, type StaffSession, type StaffView } from '@bw/contracts';
import type { Db } from '@bw/db';
import {
  STAFF_SESSION_ABSOLUTE_LIFETIME_MS,
  STAFF_SESSION_IDLE_TIMEOUT_MS,
  shouldTouchStaffSession,
  staffSessionExpiresAt,
  staffSessionState,
} from '@bw/domain';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { type AppConfig, publicUrl } from '../../config.js';
import { randomToken, sha256 } from '../auth/secrets.js';
import {
  deleteStaffSession,
  findStaffSession,
  insertStaffSession,
  type StaffRow,
  touchStaffSession,
} from './staff.repo.js';

const MAX_COOKIE_TOKEN_LENGTH = 128;
const MAX_USER_AGENT_LENGTH = 400;
/** The staff cookie goes only to the admin API, never to investor calls or pages. */
const STAFF_COOKIE_PATH = '/admin/';

export type ResolvedStaffSession = { staff: StaffRow; tokenHash: string; csrfToken: string; expiresAt: Date };

export const toStaffView = (staff: StaffRow): StaffView => ({
  id: staff.id,
  email: staff.email,
  displayName: staff.displayName,
  role: staff.role,
  status: staff.status,
  lastLoginAt: staff.lastLoginAt?.toISOString() ?? null,
  createdAt: staff.createdAt.toISOString(),
});

export const toStaffSession = (staff: StaffRow, csrfToken: string, expiresAt: Date): StaffSession => ({
  staff: toStaffView(staff),
  csrfToken,
  expiresAt: expiresAt.toISOString(),
  idleTimeoutMs: STAFF_SESSION_IDLE_TIMEOUT_MS,
});

/** Only an active staff member's live session counts; an idle or expired one is deleted when seen. */
export const resolveStaffSession = async (db: Db, token: string, now: Date): Promise<ResolvedStaffSession | null> => {
  if (token.length > MAX_COOKIE_TOKEN_LENGTH) return null;
  const tokenHash = sha256(token);
  const found = await findStaffSession(db, tokenHash);
  if (!found) return null;
  if (staffSessionState(found.session, now) !== 'active' || found.staff.status !== 'active') {
    await deleteStaffSession(db, tokenHash);
    return null;
  }
  if (shouldTouchStaffSession(found.session.lastSeenAt, now)) await touchStaffSession(db, tokenHash, now);
  return { staff: found.staff, tokenHash, csrfToken: found.session.csrfToken, expiresAt: found.session.expiresAt };
};

const baseCookie = (config: AppConfig) => ({
  sameSite: 'strict' as const,
  secure: publicUrl(config).startsWith('https:'),
});

/** A new session id at every login; the session the request came with ends. */
export const startStaffSession = async (
  db: Db,
  request: FastifyRequest,
  reply: FastifyReply,
  staff: StaffRow,
  now: Date,
): Promise<StaffSession> => {
  if (request.staffSessionTokenHash) await deleteStaffSession(db, request.staffSessionTokenHash);
  const token = randomToken();
  const csrfToken = randomToken();
  const expiresAt = staffSessionExpiresAt(now);
  const userAgent = request.headers['user-agent'];
  await insertStaffSession(db, {
    tokenHash: sha256(token),
    staffId: staff.id,
    csrfToken,
    ipAddress: request.ip,
    userAgent: typeof userAgent === 'string' ? userAgent.slice(0, MAX_USER_AGENT_LENGTH) : null,
    createdAt: now,
    lastSeenAt: now,
    expiresAt,
  });
  const config = request.server.config;
  const maxAge = STAFF_SESSION_ABSOLUTE_LIFETIME_MS / 1000;
  reply.setCookie(STAFF_SESSION_COOKIE, token, {
    ...baseCookie(config),
    path: STAFF_COOKIE_PATH,
    httpOnly: true,
    maxAge,
  });
  reply.setCookie(STAFF_CSRF_COOKIE, csrfToken, { ...baseCookie(config), path: '/', httpOnly: false, maxAge });
  return toStaffSession(staff, csrfToken, expiresAt);
};

export const clearStaffCookies = (reply: FastifyReply, config: AppConfig): void => {
  reply.clearCookie(STAFF_SESSION_COOKIE, { ...baseCookie(config), path: STAFF_COOKIE_PATH });
  reply.clearCookie(STAFF_CSRF_COOKIE, { ...baseCookie(config), path: '/' });
};
