import type { LikeResult } from '@bw/contracts';
import type { Db } from '@bw/db';
import type { EventBus } from '../../../lib/event-bus.js';
import type { SessionUser } from '../../../plugins/session-user.js';
import { countLikes, deleteLike, insertLike } from '../assets.repo.js';
import { requireListedAsset } from './get-asset.js';

/**
 * POST / DELETE /api/v1/utils/like: idempotent; a change to the like count is a change to the
 * asset, so it publishes `update_assets` (which also drops the marketplace cache).
 */
export const setLike = async (
  db: Db,
  bus: EventBus,
  user: SessionUser,
  assetId: string,
  liked: boolean,
): Promise<LikeResult> => {
  await requireListedAsset(db, assetId);
  const changed = liked ? await insertLike(db, user.userId, assetId) : await deleteLike(db, user.userId, assetId);
  if (changed) bus.publishAssetsUpdate([assetId]);
  return { assetId, liked, likes: await countLikes(db, assetId) };
};
