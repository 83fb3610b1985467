import type { SessionInfo } from '@bw/contracts';
import { LOGIN_THROTTLE } from '@bw/domain';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../../lib/app-error.js';
import { findUserByEmail } from '../../users/users.repo.js';
import { isKnownDevice } from '../auth.repo.js';
import { dummyPasswordHash, verifyPassword } from '../secrets.js';
import { deviceHashOf, passesSessionCheck, startSession } from '../session-store.js';
import { addressCheck, anyThrottled, clearThrottle, countEvent, type ThrottleCheck, throttleKey } from '../throttle.js';

/**
 * `POST /auth/login` (spec section 7). Order matters (ADR 0003): throttles first, before any
 * hashing; then one argon2 verification whether or not the e-mail exists, so time tells nothing.
 */
export const login = async (
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  body: { email: string; password: string },
): Promise<SessionInfo> => {
  const now = new Date();
  const deviceHash = deviceHashOf(request);
  const recurring = deviceHash !== null && (await isKnownDevice(app.db, body.email, deviceHash));
  const accountAndAddress: ThrottleCheck = {
    key: throttleKey('login-account-address', body.email, request.ip),
    rule: LOGIN_THROTTLE.perAccountAndAddress,
  };
  const checks: ThrottleCheck[] = [
    addressCheck(app.config, 'login-address', request.ip, LOGIN_THROTTLE.perAddress),
    accountAndAddress,
    // The owner's own browser has its own budget, so strangers cannot lock the owner out.
    recurring && deviceHash
      ? { key: throttleKey('login-account-device', body.email, deviceHash), rule: LOGIN_THROTTLE.perAccountKnownDevice }
      : { key: throttleKey('login-account', body.email), rule: LOGIN_THROTTLE.perAccountUnknownDevices },
  ];
  if (await anyThrottled(app.db, checks, now)) throw new AppError('LOGIN_THROTTLED');

  const user = await findUserByEmail(app.db, body.email);
  const matches = await verifyPassword(user?.passwordHash ?? (await dummyPasswordHash()), body.password);
  if (!user?.passwordHash || !matches || !passesSessionCheck(user)) {
    await countEvent(app.db, checks, now);
    throw new AppError(recurring ? 'LOGIN_INCORRECT_PASSWORD' : 'LOGIN_MISMATCH');
  }
  await clearThrottle(app.db, [accountAndAddress]);
  request.log.info({ userId: user.id }, 'login');
  return startSession(app.db, request, reply, user, now);
};
