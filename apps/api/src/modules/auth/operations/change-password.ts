import { PASSWORD_CHANGE_THROTTLE } from '@bw/domain';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError, isAppError } from '../../../lib/app-error.js';
import type { SessionUser } from '../../../plugins/session-user.js';
import { findUserById, updateUser } from '../../users/users.repo.js';
import { deleteUserSessions } from '../auth.repo.js';
import { passwordChangedEmail } from '../emails/auth-emails.js';
import { brandOf, queueAccountEmail } from '../emails/send-account-email.js';
import { hashPassword, randomToken, verifyPassword } from '../secrets.js';
import { startSession } from '../session-store.js';
import { clearThrottle, takeAttempts, throttleKey } from '../throttle.js';
import { assertAcceptablePassword } from './passwords.js';

/**
 * `PATCH /api/v1/user/password {passwordOld, passwordNew}`. A wrong current password answers
 * 'Passwort ist nicht korrekt'; a change that cannot be made answers 'Fehler beim Ändern des
 * Passworts.' (spec sections 5 and 8). Success logs out every other session and renews this one.
 */
export const changePassword = async (
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  sessionUser: SessionUser,
  body: { passwordOld: string; passwordNew: string },
): Promise<{ passwordChanged: true; csrfToken: string }> => {
  const now = new Date();
  const wrongTries = { key: throttleKey('password-change', sessionUser.userId), rule: PASSWORD_CHANGE_THROTTLE };
  // The try is taken before the password is checked, in one statement (ADR 0020): concurrent
  // wrong tries count one each, and a right one gives its try back.
  if (!(await takeAttempts(app.db, [wrongTries], now))) throw new AppError('SECURITY_LOCK');
  const user = await findUserById(app.db, sessionUser.userId);
  if (!user?.passwordHash) throw new AppError('PASSWORD_CHANGE_FAILED');
  if (!(await verifyPassword(user.passwordHash, body.passwordOld))) throw new AppError('PASSWORD_INCORRECT');
  await clearThrottle(app.db, [wrongTries]);
  assertAcceptablePassword(body.passwordNew);
  if (body.passwordNew === body.passwordOld) throw new AppError('PASSWORD_CHANGE_FAILED');
  try {
    const passwordHash = await hashPassword(body.passwordNew);
    const brand = await brandOf(app.db, user.partnerId);
    await app.db.transaction(async (tx) => {
      await updateUser(tx, user.id, { passwordHash });
      await deleteUserSessions(tx, user.id);
      await queueAccountEmail(app, tx, `password-changed:${randomToken()}`, user.email, passwordChangedEmail(brand));
    });
    request.sessionTokenHash = null;
    const session = await startSession(app.db, request, reply, { ...user, passwordHash }, now);
    app.bus.publishUserUpdate(user.email, 'password');
    return { passwordChanged: true, csrfToken: session.csrfToken };
  } catch (error) {
    if (isAppError(error)) throw error;
    request.log.error({ err: error }, 'password change failed');
    throw new AppError('PASSWORD_CHANGE_FAILED');
  }
};
