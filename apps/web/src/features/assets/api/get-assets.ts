import { type AssetSummary, assetListPage, assetSummary } from '@bw/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { type ApiClient, apiClient } from '../../../lib/api-client';

/**
 * GET /api/v2/assets (spec section 7): the first marketplace page. Filters, sections and the map
 * belong to the assets issue; the shell lists what the server sends.
 */
export const getAssets = async (client: ApiClient): Promise<AssetSummary[]> =>
  (await client.get('/api/v2/assets', assetListPage)).assets;

export const assetsQueryOptions = () =>
  queryOptions({ queryKey: ['assets'], queryFn: () => getAssets(apiClient), retry: false });

const cachedAssetList = z.array(assetSummary);

/**
 * Spec section 4: lists are shown from the local cache first, then refreshed. `cached` is what the
 * startup stored; it is shown at once and counts as stale, so the fresh list replaces it.
 */
export const useAssets = (cached: readonly unknown[] | null = null) => {
  const parsed = cached ? cachedAssetList.safeParse(cached) : null;
  return useQuery({
    ...assetsQueryOptions(),
    ...(parsed?.success ? { initialData: parsed.data, initialDataUpdatedAt: 0 } : {}),
  });
};
