import type { UpdatePhoneBody, UserWithOnboarding } from '@bw/contracts';
import { normalizePhone, onboardingMessages } from '@bw/domain';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../../lib/app-error.js';
import type { SessionUser } from '../../../plugins/session-user.js';
import { updateUser } from '../../accounts/accounts.repo.js';
import { isPhoneUsedByAnotherUser } from '../onboarding.repo.js';
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
  if (await isPhoneUsedByAnotherUser(app.db, result.e164, sessionUser.userId)) throw new AppError('PHONE_TAKEN');
  await updateUser(app.db, sessionUser.userId, { phone: result.e164 });
  return respondWithUser(app, sessionUser, 'phone');
};
