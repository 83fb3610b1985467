import type { UserWithOnboarding } from '@bw/contracts';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../../lib/app-error.js';
import type { SessionUser } from '../../../plugins/session-user.js';
import { toUserWithOnboarding } from '../user-view.js';
import { findUserById } from '../users.repo.js';

/**
 * `GET /api/v1/user`: always the caller's own account; there is no id to ask for another. With the
 * onboarding part (personalInformation, PEP, tax, registrationProcessStatus) of issue 5.
 */
export const getUser = async (app: FastifyInstance, sessionUser: SessionUser): Promise<UserWithOnboarding> => {
  const user = await findUserById(app.db, sessionUser.userId);
  if (!user) throw new AppError('UNAUTHENTICATED');
  return toUserWithOnboarding(app.db, user);
};
