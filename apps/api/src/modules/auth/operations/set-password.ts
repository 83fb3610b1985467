import type { FastifyInstance } from 'fastify';
import { AppError } from '../../../lib/app-error.js';
import type { SessionUser } from '../../../plugins/session-user.js';
import { findUserById, updateUser } from '../../users/users.repo.js';
import { hashPassword } from '../secrets.js';
import { assertAcceptablePassword } from './passwords.js';

/**
 * `PATCH /auth/set-password {passwordNew}`: the first password, in the NamePassword step of
 * registration, under the same rule as every later password (issue 34). A later change goes through
 * `PATCH /api/v1/user/password`, which asks for the current one.
 */
export const setPassword = async (
  app: FastifyInstance,
  sessionUser: SessionUser,
  passwordNew: string,
): Promise<{ passwordSet: true }> => {
  const user = await findUserById(app.db, sessionUser.userId);
  if (!user) throw new AppError('UNAUTHENTICATED');
  if (user.passwordHash) throw new AppError('PASSWORD_ALREADY_SET');
  assertAcceptablePassword(passwordNew);
  await updateUser(app.db, user.id, { passwordHash: await hashPassword(passwordNew) });
  app.bus.publishUserUpdate(user.email, 'password');
  return { passwordSet: true };
};
