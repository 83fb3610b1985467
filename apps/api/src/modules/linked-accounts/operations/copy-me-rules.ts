import type { CopyMeRefusal } from '@bw/contracts';
import type { Db } from '@bw/db';
import { AppError } from '../../../lib/app-error.js';
import { findPartnerByPartnerId } from '../../partners/partners.repo.js';
import type { UserRow } from '../../users/users.repo.js';
import { findLinkedAccounts, hasAccountAt } from '../linked-accounts.repo.js';

/** Spec section 6: only verified investors count as verified; a copy carries the verification over. */
const VERIFIED: ReadonlySet<UserRow['status']> = new Set(['verified', 'active']);

/**
 * Whether `user` may copy the profile to `destination` (ADR 0035): both partners take part in copy-me
 * (feature flag `copyMe`), the destination is another partner, the person has no account there yet,
 * and the profile is verified. An unknown partner is PARTNER_NOT_FOUND.
 */
export const copyMeRefusal = async (db: Db, user: UserRow, destination: string): Promise<CopyMeRefusal | null> => {
  const [target, home] = await Promise.all([
    findPartnerByPartnerId(db, destination),
    findPartnerByPartnerId(db, user.partnerId),
  ]);
  if (!target) throw new AppError('PARTNER_NOT_FOUND');
  if (target.partnerId === user.partnerId) return 'sameProvider';
  if (!target.featureFlags.copyMe || !home?.featureFlags.copyMe) return 'notEnabled';
  const linked = await findLinkedAccounts(db, user.id);
  if (linked.some((row) => row.user.partnerId === destination) || (await hasAccountAt(db, user.email, destination))) {
    return 'alreadyCopied';
  }
  if (!VERIFIED.has(user.status)) return 'notVerified';
  return null;
};

/** The refusal as the error `POST /api/v2/user/copy-me` answers with. */
export const refusalError = (refusal: CopyMeRefusal): AppError => {
  switch (refusal) {
    case 'sameProvider':
    case 'notEnabled':
      return new AppError('COPY_ME_NOT_ALLOWED');
    case 'alreadyCopied':
      return new AppError('COPY_ME_ALREADY_EXISTS');
    case 'notVerified':
      return new AppError('COPY_ME_NOT_VERIFIED');
  }
};
