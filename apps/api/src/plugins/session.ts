import { CSRF_HEADER, SESSION_COOKIE } from '@bw/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../lib/app-error.js';
import { safeEqual } from '../modules/auth/secrets.js';
import { resolveSessionToken } from '../modules/auth/session-store.js';
import type { UserRow } from '../modules/users/users.repo.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** SHA-256 of the live session's token, null for guests. */
    sessionTokenHash: string | null;
    /** The live session's CSRF token, null for guests. */
    sessionCsrfToken: string | null;
    /**
     * The session's user as the session check read it (issue 37: one read per request), null for
     * guests. For handlers that only answer who is calling; a handler that changes the user reads it in its transaction.
     */
    sessionAccount: UserRow | null;
  }
}

const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/**
 * The sandbox identity provider's form is a page of its own, not a call of our web app. The admin
 * API checks the staff session's own token instead (ADR 0019).
 */
const CSRF_TOKEN_EXEMPT_PREFIXES = ['/sandbox/', '/admin/'];

const headerValue = (request: FastifyRequest, name: string): string | undefined => {
  const value = request.headers[name];
  return Array.isArray(value) ? value[0] : value;
};

/**
 * Resolves the session cookie into `request.sessionUser` on every request, and protects
 * state-changing calls against CSRF (ADR 0003): a foreign Origin is refused outright, and a call
 * that rides on a session must carry the session's token in `x-csrf-token`.
 */
export const registerSession = (app: FastifyInstance): void => {
  app.decorateRequest('sessionTokenHash', null);
  app.decorateRequest('sessionCsrfToken', null);
  app.decorateRequest('sessionAccount', null);

  app.addHook('onRequest', async (request) => {
    const token = request.cookies[SESSION_COOKIE];
    if (token) {
      const resolved = await resolveSessionToken(app.db, token, new Date());
      if (resolved) {
        request.sessionUser = resolved.user;
        request.sessionTokenHash = resolved.tokenHash;
        request.sessionCsrfToken = resolved.csrfToken;
        request.sessionAccount = resolved.row;
      }
    }
    if (!UNSAFE_METHODS.has(request.method)) return;
    const origin = headerValue(request, 'origin');
    if (origin !== undefined && !(await app.trustedOrigins.isTrusted(origin))) throw new AppError('CSRF_FAILED');
    if (!request.sessionCsrfToken) return;
    if (CSRF_TOKEN_EXEMPT_PREFIXES.some((prefix) => request.url.startsWith(prefix))) return;
    const sent = headerValue(request, CSRF_HEADER);
    if (!sent || !safeEqual(sent, request.sessionCsrfToken)) throw new AppError('CSRF_FAILED');
  });
};
