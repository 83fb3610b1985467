import type { UserProfile, UserWithOnboarding } from '@bw/contracts';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../../lib/app-error.js';
import type { SessionUser } from '../../../plugins/session-user.js';
import { toUserWithOnboarding } from '../../onboarding/onboarding-state.js';
import { findUserById, type UserRow, updateUser } from '../accounts.repo.js';

export const toUserProfile = (user: UserRow): UserProfile => ({
  userId: user.id,
  email: user.email,
  emailVerified: user.emailVerifiedAt !== null,
  phone: user.phone,
  status: user.status,
  userType: user.userType,
  role: 'user',
  firstName: user.firstName,
  lastName: user.lastName,
  marketingNewsletter: user.marketingNewsletter,
  referralCode: user.referralCode,
  affiliatePartnerId: user.affiliatePartnerId,
  platformProvider: user.partnerId,
  hasPassword: user.passwordHash !== null,
  createdAt: user.createdAt.toISOString(),
  updatedAt: user.updatedAt.toISOString(),
});

/**
 * `GET /api/v1/user`: always the caller's own account; there is no id to ask for another. With the
 * onboarding part (personalInformation, PEP, tax, registrationProcessStatus) of issue 5.
 */
export const getUser = async (app: FastifyInstance, sessionUser: SessionUser): Promise<UserWithOnboarding> => {
  const user = await findUserById(app.db, sessionUser.userId);
  if (!user) throw new AppError('UNAUTHENTICATED');
  return toUserWithOnboarding(app.db, user);
};

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
