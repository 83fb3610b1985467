import type { Db } from '@bw/db';
import { AppError } from '../../../lib/app-error.js';
import type { SessionUser } from '../../../plugins/session-user.js';
import { TRADING_USER_STATUSES } from '../../bulletin-board/operations/create-offer.js';
import { assetExists, sharesHeldNow } from '../forum.repo.js';

/** Spec section 6: only verified investors use the forum (the same statuses that may trade). */
export const requireForumReader = async (db: Db, user: SessionUser, assetId: string): Promise<void> => {
  if (!TRADING_USER_STATUSES.has(user.status)) throw new AppError('FORUM_NOT_VERIFIED');
  if (!(await assetExists(db, assetId))) throw new AppError('ASSET_NOT_FOUND');
};

/** Posting, suggesting and supporting need shares of this asset now. */
export const requireHolder = async (db: Db, user: SessionUser, assetId: string): Promise<bigint> => {
  await requireForumReader(db, user, assetId);
  const shares = await sharesHeldNow(db, user.userId, assetId);
  if (shares <= 0n) throw new AppError('FORUM_NOT_HOLDER');
  return shares;
};
