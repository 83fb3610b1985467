import type { UserProfile, UserWithOnboarding } from '@bw/contracts';
import type { Db } from '@bw/db';
import { loadOnboardingState } from '../onboarding/onboarding-state.js';
import { userFinanceOf } from './user-finance.js';
import type { UserRow } from './users.repo.js';

/**
 * The one view of a user the API answers with. It lives here, not in auth or onboarding, so that
 * both read it and imports run one way: auth, onboarding, identification → users → onboarding state.
 */
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
  featureTesting: user.featureTesting,
  createdAt: user.createdAt.toISOString(),
  updatedAt: user.updatedAt.toISOString(),
});

/** `GET /api/v1/user`'s shape: the profile with the onboarding part of issue 5. */
export const toUserWithOnboarding = async (db: Db, user: UserRow): Promise<UserWithOnboarding> => ({
  ...toUserProfile(user),
  ...(await loadOnboardingState(db, user)),
  finance: await userFinanceOf(db, user.id),
});
