import type { UpdatePhoneBody, UserProfile } from '@bw/contracts';
import { normalizePhone, onboardingMessages } from '@bw/domain';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../../lib/app-error.js';
import type { SessionUser } from '../../../plugins/session-user.js';
import { updateUser } from '../../accounts/accounts.repo.js';
import { toUserProfile } from '../../accounts/operations/user-profile.js';
import { isPhoneUsedByAnotherUser } from '../onboarding.repo.js';

/**
 * `PUT /api/v2/user/phone` (spec sections 5 and 7): digits only, plausible, stored as E.164 on
 * the user. A number that belongs to another account is refused with its own code (spec section 8:
 * the client offers support or login). The SMS codes of payouts and signatures go to this number.
 */
export const updatePhone = async (
  app: FastifyInstance,
  sessionUser: SessionUser,
  body: UpdatePhoneBody,
): Promise<UserProfile> => {
  const result = normalizePhone(body.phone);
  if (!result.ok) {
    if (result.reason === 'digitsOnly') {
      throw new AppError('PHONE_DIGITS_ONLY', { 'body.phone': onboardingMessages.phoneDigitsOnly });
    }
    throw new AppError('PHONE_INVALID', { 'body.phone': onboardingMessages.phoneInvalid });
  }
  if (await isPhoneUsedByAnotherUser(app.db, result.e164, sessionUser.userId)) throw new AppError('PHONE_TAKEN');
  const user = await updateUser(app.db, sessionUser.userId, { phone: result.e164 });
  if (!user) throw new AppError('UNAUTHENTICATED');
  app.bus.publishUserUpdate(user.email, 'phone');
  return toUserProfile(user);
};
