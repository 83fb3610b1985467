import type { UserProfile } from '@bw/contracts';
import { normaliseReferralCode } from '@bw/domain';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../../lib/app-error.js';
import type { SessionUser } from '../../../plugins/session-user.js';
import { toUserProfile } from '../user-view.js';
import { findUserById, updateUser } from '../users.repo.js';

/** `PUT /api/v2/user` (spec section 7): name, newsletter, referral and affiliate of the caller. */
export const updateUserProfile = async (
  app: FastifyInstance,
  sessionUser: SessionUser,
  body: {
    firstName: string;
    lastName: string;
    marketingNewsletter?: boolean | undefined;
    referralCode?: string | null | undefined;
    affiliatePartnerId?: string | null | undefined;
  },
): Promise<UserProfile> => {
  if (body.referralCode) {
    // A referral code is someone else's (issue 25): the own one pays nobody.
    const own = (await findUserById(app.db, sessionUser.userId))?.ownReferralCode;
    if (own && normaliseReferralCode(body.referralCode) === own) throw new AppError('REFERRAL_SELF');
  }
  const user = await updateUser(app.db, sessionUser.userId, {
    firstName: body.firstName,
    lastName: body.lastName,
    ...(body.marketingNewsletter === undefined ? {} : { marketingNewsletter: body.marketingNewsletter }),
    ...(body.referralCode === undefined ? {} : { referralCode: body.referralCode || null }),
    ...(body.affiliatePartnerId === undefined ? {} : { affiliatePartnerId: body.affiliatePartnerId || null }),
  });
  if (!user) throw new AppError('UNAUTHENTICATED');
  app.bus.publishUserUpdate(user.email, 'profile');
  return toUserProfile(user);
};
