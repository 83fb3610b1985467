import type { FastifyInstance, onRequestHookHandler, RouteOptions } from 'fastify';
import { AppError } from '../lib/app-error.js';

/**
 * Who may call a route (ADR 0023, access by default). Every route under the API prefixes needs an
 * investor session unless its route config says otherwise:
 * - `public`: anyone (login, registration, app configuration, the marketplace);
 * - `webhook`: a provider, authenticated by the message's signature in the handler;
 * - `device`: the security app's device token or a session; the route's own onRequest hook
 *   resolves the caller before the body is looked at.
 * Admin routes (`/admin/`) are guarded by the staff permission table (ADR 0019), not here.
 */
export type RouteAccess = 'user' | 'public' | 'webhook' | 'device';

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: RouteAccess;
  }
}

/** The paths that are closed by default. */
const PROTECTED_PREFIXES = ['/api/v', '/auth/', '/launchpad/'];

export const isProtectedPath = (url: string): boolean => PROTECTED_PREFIXES.some((prefix) => url.startsWith(prefix));

/** A guest gets 401 before any body, query or parameter is validated (onRequest runs first). */
const requireSession: onRequestHookHandler = async (request) => {
  if (!request.sessionUser) throw new AppError('UNAUTHENTICATED');
};

/** The access a route declared, `user` when it declared none. */
export const accessOf = (route: Pick<RouteOptions, 'config'>): RouteAccess =>
  (route.config as { access?: RouteAccess } | undefined)?.access ?? 'user';

/**
 * Puts the session guard in front of every route under the protected prefixes as it is
 * registered, unless the route declared another access. Registered before the modules, after the
 * session plugin (whose onRequest hook resolves `request.sessionUser` first).
 */
export const registerAccessByDefault = (app: FastifyInstance): void => {
  app.addHook('onRoute', (route) => {
    if (!isProtectedPath(route.url)) return;
    const access = accessOf(route);
    if (access === 'device' && !route.onRequest) {
      throw new Error(`Route "${route.url}" declares device access but has no onRequest hook resolving the device`);
    }
    if (access !== 'user') return;
    const existing = route.onRequest ? (Array.isArray(route.onRequest) ? route.onRequest : [route.onRequest]) : [];
    route.onRequest = [requireSession, ...existing];
  });
};
