import { PASSWORD_MAX_LENGTH } from '@bw/domain';
import { z } from 'zod';
import { nameField } from './auth.js';

const CODE_FIELD_MAX_LENGTH = 64;

/** Spec section 3, User: the fields that exist so far. */
export const userProfile = z.object({
  userId: z.string(),
  email: z.string(),
  emailVerified: z.boolean(),
  phone: z.string().nullable(),
  status: z.enum(['new', 'verified', 'pending', 'active', 'deactivated']),
  userType: z.enum(['user', 'privateUser']),
  role: z.literal('user'),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  marketingNewsletter: z.boolean(),
  referralCode: z.string().nullable(),
  affiliatePartnerId: z.string().nullable(),
  platformProvider: z.string(),
  hasPassword: z.boolean(),
  /** Spec section 3, User `featureTesting`: the user tries new features first (set by the operator). */
  featureTesting: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type UserProfile = z.infer<typeof userProfile>;

/** `PUT /api/v2/user`: the NamePassword step (spec section 7). */
export const updateUserBody = z.strictObject({
  firstName: nameField,
  lastName: nameField,
  marketingNewsletter: z.boolean().optional(),
  referralCode: z.string().trim().max(CODE_FIELD_MAX_LENGTH).nullable().optional(),
  affiliatePartnerId: z.string().trim().max(CODE_FIELD_MAX_LENGTH).nullable().optional(),
});

/** `PATCH /api/v1/user/password`. */
export const changePasswordBody = z.strictObject({
  passwordOld: z.string().min(1).max(PASSWORD_MAX_LENGTH),
  passwordNew: z.string().min(1).max(PASSWORD_MAX_LENGTH),
});
export const passwordChanged = z.object({ passwordChanged: z.literal(true), csrfToken: z.string() });
