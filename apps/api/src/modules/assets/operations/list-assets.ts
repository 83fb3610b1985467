import type { AssetListQuery } from '@bw/contracts';
import type { Db } from '@bw/db';
import type { SessionUser } from '../../../plugins/session-user.js';
import { type AssetListCache, pageOfAssets } from '../asset-list-cache.js';
import { likedAssetIds } from '../assets.repo.js';

/**
 * GET /api/v2/assets as a serialized `{ data }` body. Guests get a cached page; a logged-in user's
 * page adds `liked` from one extra query (`userInvested` waits for holdings, issue 7).
 */
export const listAssets = async (
  db: Db,
  cache: AssetListCache,
  query: AssetListQuery,
  user: SessionUser | null,
): Promise<string | Buffer> => {
  if (!user) return cache.guestPage(query);
  const [list, liked] = await Promise.all([cache.summaries(), likedAssetIds(db, user.userId)]);
  const personal = list.map((asset) => (liked.has(asset.id) ? { ...asset, liked: true } : asset));
  return JSON.stringify({ data: pageOfAssets(personal, query, liked) });
};
