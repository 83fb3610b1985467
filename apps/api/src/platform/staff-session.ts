import {
  ADMIN_API_PREFIX,
  isChangingMethod,
  isPublicAdminRoute,
  rolesFor,
  STAFF_CSRF_HEADER,
  STAFF_SESSION_COOKIE,
} from '@bw/contracts';
import type { StaffRole } from '@bw/domain';
import type { FastifyInstance, FastifyRequest, onRequestHookHandler } from 'fastify';
import { AppError } from '../lib/app-error.js';
import { safeEqual } from '../modules/auth/secrets.js';
import { resolveStaffSession } from '../modules/staff/staff-session-store.js';
import type { StaffActor } from './audit.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The logged-in staff member of an admin call (ADR 0019), null otherwise. */
    staff: StaffActor | null;
    staffSessionTokenHash: string | null;
  }
}

const ADMIN_PREFIX = '/admin/';

const headerValue = (request: FastifyRequest, name: string): string | undefined => {
  const value = request.headers[name];
  return Array.isArray(value) ? value[0] : value;
};

/**
 * Resolves the staff cookie on admin calls, and guards every change of a staff session with the
 * session's own CSRF token (`x-staff-csrf-token`), like the investor session of ADR 0003.
 */
export const registerStaffSession = (app: FastifyInstance): void => {
  app.decorateRequest('staff', null);
  app.decorateRequest('staffSessionTokenHash', null);
  app.addHook('onRequest', async (request) => {
    if (!request.url.startsWith(ADMIN_PREFIX)) return;
    const token = request.cookies[STAFF_SESSION_COOKIE];
    if (!token) return;
    const resolved = await resolveStaffSession(app.db, token, new Date());
    if (!resolved) return;
    request.staffSessionTokenHash = resolved.tokenHash;
    request.staff = {
      kind: 'staff',
      staffId: resolved.staff.id,
      email: resolved.staff.email,
      role: resolved.staff.role,
      ipAddress: request.ip,
      userAgent: headerValue(request, 'user-agent') ?? null,
      requestId: request.id,
    };
    if (!isChangingMethod(request.method)) return;
    const routeKey = `${request.method} ${request.routeOptions.url ?? ''}`;
    if (isPublicAdminRoute(routeKey)) return;
    const sent = headerValue(request, STAFF_CSRF_HEADER);
    if (!sent || !safeEqual(sent, resolved.csrfToken)) throw new AppError('CSRF_FAILED');
  });
};

/**
 * The guard of one admin route, from the permission table: no staff session → 401 (an investor's
 * session does not count: 403), a role not listed → 403. Runs before the body is validated.
 */
const staffGuard =
  (roles: readonly StaffRole[]): onRequestHookHandler =>
  async (request) => {
    const staff = request.staff;
    if (!staff) throw new AppError(request.sessionUser ? 'STAFF_FORBIDDEN' : 'STAFF_UNAUTHENTICATED');
    if (!roles.includes(staff.role)) throw new AppError('STAFF_FORBIDDEN');
  };

/** The actor of a guarded admin route (ADR 0019). */
export const staffActor = (request: FastifyRequest): StaffActor => {
  if (!request.staff) throw new AppError('STAFF_UNAUTHENTICATED');
  return request.staff;
};

/**
 * Attaches the permission table's guard to every admin route as it is registered. An admin route
 * that is neither in the table nor public stops the start: no route can slip through unguarded.
 */
export const registerAdminGuards = (app: FastifyInstance): void => {
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith(ADMIN_API_PREFIX)) return;
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      const key = `${method === 'HEAD' ? 'GET' : method} ${route.url}`;
      if (isPublicAdminRoute(key)) continue;
      const roles = rolesFor(key);
      if (!roles)
        throw new Error(`Admin route "${key}" has no entry in the permission table (backoffice/permissions.ts)`);
      const existing = route.onRequest ? (Array.isArray(route.onRequest) ? route.onRequest : [route.onRequest]) : [];
      route.onRequest = [staffGuard(roles), ...existing];
    }
  });
};
