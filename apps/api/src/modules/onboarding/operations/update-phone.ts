import type { UpdatePhoneBody, UserWithOnboarding } from '@bw/contracts';
import { normalizePhone, onboardingMessages } from '@bw/domain';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../../lib/app-error.js';
import type { SessionUser } from '../../../plugins/session-user.js';
import { updateUser } from '../../users/users.repo.js';
import { isPhoneUsedByAnotherUser, lockPhoneNumber } from '../onboarding.repo.js';
import { respondWithUser } from './respond-with-user.js';

/**
 * `PUT /api/v2/user/phone` (spec sections 5 and 7): digits only, plausible, stored as E.164 on
 * the user. A number that belongs to another account is refused with its own code (spec section 8:
 * the client offers support or login). The SMS codes of payouts and signatures go to this number.
 */
export const updatePhone = async (
  app: FastifyInstance,
  sessionUser: SessionUser,
  body: UpdatePhoneBody,
): Promise<UserWithOnboarding> => {
  const result = normalizePhone(body.phone);
  if (!result.ok) {
    if (result.reason === 'digitsOnly') {
      throw new AppError('PHONE_DIGITS_ONLY', { 'body.phone': onboardingMessages.phoneDigitsOnly });
    }
    throw new AppError('PHONE_INVALID', { 'body.phone': onboardingMessages.phoneInvalid });
  }
  const e164 = result.e164;
  // One number, one account: two accounts saving the same number at once wait for each other.
  const taken = await app.db.transaction(async (tx) => {
    await lockPhoneNumber(tx, e164);
    if (await isPhoneUsedByAnotherUser(tx, e164, sessionUser.userId)) return true;
    await updateUser(tx, sessionUser.userId, { phone: e164 });
    return false;
  });
  if (taken) throw new AppError('PHONE_TAKEN');
  return respondWithUser(app, sessionUser, 'phone');
};
