import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../lib/app-error.js';

/** Who is calling: set by the session plugin (accounts module) on every request, null for guests. */
export type SessionUser = {
  userId: string;
  email: string;
  /** Spec section 6: only role `user` passes the session check. */
  role: 'user';
  userType: 'user' | 'privateUser';
  status: 'new' | 'verified' | 'pending' | 'active' | 'deactivated';
  partnerId: string;
};

declare module 'fastify' {
  interface FastifyRequest {
    sessionUser: SessionUser | null;
  }
}

export const registerSessionUser = (app: FastifyInstance): void => {
  app.decorateRequest('sessionUser', null);
};

/** preHandler for routes that need a logged-in user; guests get UNAUTHENTICATED (401). */
export const requireUser = async (request: FastifyRequest): Promise<void> => {
  if (!request.sessionUser) throw new AppError('UNAUTHENTICATED');
};

/** The logged-in user of a route guarded by `requireUser`. */
export const currentUser = (request: FastifyRequest): SessionUser => {
  if (!request.sessionUser) throw new AppError('UNAUTHENTICATED');
  return request.sessionUser;
};
