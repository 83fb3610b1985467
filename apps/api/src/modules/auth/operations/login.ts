import type { SessionInfo } from '@bw/contracts';
import { LOGIN_THROTTLE } from '@bw/domain';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../../lib/app-error.js';
import { requestedPartnerId } from '../../partners/operations/resolve-partner.js';
import { findUserByEmail } from '../../users/users.repo.js';
import { isKnownDevice } from '../auth.repo.js';
import { dummyPasswordHash, verifyPassword } from '../secrets.js';
import { deviceHashOf, passesSessionCheck, startSession } from '../session-store.js';
import {
  addressCheck,
  clearThrottle,
  refundAttempts,
  type ThrottleCheck,
  takeAttempts,
  throttleKey,
} from '../throttle.js';

/**
 * `POST /auth/login` (spec section 7). Order matters (ADRs 0003, 0020): throttles first, before any
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
  // The owner's own browser has its own budget, so strangers cannot lock the owner out (ADR 0020).
  const account: ThrottleCheck =
    recurring && deviceHash
      ? { key: throttleKey('login-account-device', body.email, deviceHash), rule: LOGIN_THROTTLE.perAccountKnownDevice }
      : { key: throttleKey('login-account', body.email), rule: LOGIN_THROTTLE.perAccountUnknownDevices };
  // The address limit counts only logins from unknown devices: a known device behind a busy
  // address (an office, a carrier NAT) never meets it.
  const address = recurring ? [] : [addressCheck(app.config, 'login-address', request.ip, LOGIN_THROTTLE.perAddress)];
  const checks = [accountAndAddress, account, ...address];
  // Tries are taken before any hashing, one atomic statement per budget: N concurrent tries count N.
  if (!(await takeAttempts(app.db, checks, now))) {
    request.log.warn({ event: 'login-throttled', recurring }, 'login refused by a throttle');
    throw new AppError('LOGIN_THROTTLED');
  }

  const user = await findUserByEmail(app.db, body.email, await requestedPartnerId(app.db, request));
  const matches = await verifyPassword(user?.passwordHash ?? (await dummyPasswordHash()), body.password);
  if (!user?.passwordHash || !matches || !passesSessionCheck(user)) {
    throw new AppError(recurring ? 'LOGIN_INCORRECT_PASSWORD' : 'LOGIN_MISMATCH');
  }
  // A success ends the account's back-off and gives the address its try back.
  await clearThrottle(app.db, [accountAndAddress, account]);
  await refundAttempts(app.db, address);
  request.log.info({ userId: user.id }, 'login');
  return startSession(app.db, request, reply, user, now);
};
