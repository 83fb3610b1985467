import { SECURITY_APP_AUTH_SCHEME } from '@bw/contracts';
import type { Db } from '@bw/db';
import type { FastifyRequest, onRequestHookHandler } from 'fastify';
import { AppError } from '../../lib/app-error.js';
import { sha256 } from '../auth/secrets.js';
import { findActiveAppByDeviceToken } from './security-app.repo.js';

/**
 * Who answers signing requests (ADR 0007): the provider's app with its device token
 * (`Authorization: SecurityApp <token>`, no cookies, so no CSRF), or a private app or the
 * command-line signer riding on the user's session (cookie + CSRF header).
 */
export type SecurityAppCaller =
  | { via: 'device'; userId: string; email: string; securityAppId: string }
  | { via: 'session'; userId: string; email: string };

const DEVICE_TOKEN_MAX_LENGTH = 128;

export const resolveSecurityAppCaller = async (db: Db, request: FastifyRequest): Promise<SecurityAppCaller> => {
  const header = request.headers.authorization;
  if (header !== undefined) {
    const [scheme, token] = header.split(' ');
    if (scheme !== SECURITY_APP_AUTH_SCHEME || !token || token.length > DEVICE_TOKEN_MAX_LENGTH)
      throw new AppError('SECURITY_APP_UNAUTHENTICATED');
    const found = await findActiveAppByDeviceToken(db, sha256(token));
    if (!found) throw new AppError('SECURITY_APP_UNAUTHENTICATED');
    return { via: 'device', userId: found.app.userId, email: found.email, securityAppId: found.app.id };
  }
  if (request.sessionUser)
    return { via: 'session', userId: request.sessionUser.userId, email: request.sessionUser.email };
  throw new AppError('UNAUTHENTICATED');
};

export const callerActor = (caller: SecurityAppCaller): string =>
  caller.via === 'device' ? 'security-app' : 'user-session';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by `resolveCallerFirst` on the routes with device access (ADR 0023). */
    securityAppCaller?: SecurityAppCaller;
  }
}

/**
 * onRequest hook of the routes with `access: 'device'`: the device token or the session is
 * resolved before the body is looked at, so a caller without either gets 401, never 400.
 */
export const resolveCallerFirst =
  (db: Db): onRequestHookHandler =>
  async (request) => {
    request.securityAppCaller = await resolveSecurityAppCaller(db, request);
  };

/** The caller `resolveCallerFirst` resolved. */
export const callerOf = (request: FastifyRequest): SecurityAppCaller => {
  if (!request.securityAppCaller) throw new AppError('UNAUTHENTICATED');
  return request.securityAppCaller;
};
