import type { UserWithOnboarding } from '@bw/contracts';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../../lib/app-error.js';
import type { SessionUser } from '../../../plugins/session-user.js';
import { toUserWithOnboarding } from '../../users/user-view.js';
import { findUserById } from '../../users/users.repo.js';

/** After a change: tell the user's open clients (reason only, no data) and answer with the whole user. */
export const respondWithUser = async (
  app: FastifyInstance,
  sessionUser: SessionUser,
  reason: string,
): Promise<UserWithOnboarding> => {
  const user = await findUserById(app.db, sessionUser.userId);
  if (!user) throw new AppError('UNAUTHENTICATED');
  app.bus.publishUserUpdate(user.email, reason);
  return toUserWithOnboarding(app.db, user);
};
