import type { OfferVisibility } from '@bw/domain';
import { AppError } from '../../lib/app-error.js';

type UserWithType = { readonly userType: 'user' | 'privateUser' };

/**
 * Spec sections 5 and 6: a user with a private security app (`privateUser`) may create, accept
 * and see only private offers. The trading module calls this before creating or accepting an
 * offer, and filters lists with `visibleOfferVisibilities`.
 */
export const assertMayUseVisibility = (user: UserWithType, visibility: OfferVisibility): void => {
  if (user.userType === 'privateUser' && visibility !== 'private') throw new AppError('OFFER_VISIBILITY_NOT_ALLOWED');
};

export const visibleOfferVisibilities = (user: UserWithType): readonly OfferVisibility[] =>
  user.userType === 'privateUser' ? ['private'] : ['bulletin', 'private'];
