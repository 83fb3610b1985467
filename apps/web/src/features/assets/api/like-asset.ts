import * as ops from '@bw/api-client/operations';
import type { AssetDetail, AssetSummary, LikeResult } from '@bw/contracts';
import type { QueryClient } from '@tanstack/react-query';
import { type ApiClient, apiClient } from '../../../lib/api-client';
import { bool, guard, int, objectOf, str } from '../../../lib/guard';
import { assetQueryKey, assetsQueryKey } from './query-keys';

/** Guard for `likeResult` (@bw/contracts): the heart sits on the marketplace's initial screen. */
const likeResultGuard = guard<LikeResult>(objectOf({ assetId: str, liked: bool, likes: int }));

/** POST (like) or DELETE (remove) /api/v1/utils/like {assetId} (spec section 7); needs a session. */
export const setAssetLike = (client: ApiClient, assetId: string, liked: boolean): Promise<LikeResult> =>
  client.send(liked ? ops.postUtilsLike : ops.deleteUtilsLike, likeResultGuard, { body: { assetId } });

const applyLike = (queryClient: QueryClient, result: LikeResult) => {
  queryClient.setQueryData<AssetSummary[]>(assetsQueryKey, (list) =>
    list?.map((asset) =>
      asset.id === result.assetId ? { ...asset, liked: result.liked, likes: result.likes } : asset,
    ),
  );
  queryClient.setQueryData<AssetDetail>(assetQueryKey(result.assetId), (asset) =>
    asset ? { ...asset, liked: result.liked, likes: result.likes } : asset,
  );
};

/** Like or unlike; the lists and the asset page show the server's answer right away. */
export const likeAsset = async (queryClient: QueryClient, assetId: string, liked: boolean): Promise<void> =>
  applyLike(queryClient, await setAssetLike(apiClient, assetId, liked));
