import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { type ApiClient, apiClient } from '../../../lib/api-client';

/**
 * GET /api/v2/assets (spec section 7). The asset shape belongs to the assets issue; until its
 * contract exists the shell only needs an id and a display name to list what the server sends.
 */
export const assetSummary = z.looseObject({
  id: z.union([z.string(), z.number()]).transform(String),
  title: z.string().optional(),
  name: z.string().optional(),
});
export type AssetSummary = z.infer<typeof assetSummary>;
export const assetList = z.array(assetSummary);

export const getAssets = (client: ApiClient): Promise<AssetSummary[]> => client.get('/api/v2/assets', assetList);

export const assetsQueryOptions = () =>
  queryOptions({ queryKey: ['assets'], queryFn: () => getAssets(apiClient), retry: false });

/**
 * Spec section 4: lists are shown from the local cache first, then refreshed. `cached` is what the
 * startup stored; it is shown at once and counts as stale, so the fresh list replaces it.
 */
export const useAssets = (cached: readonly unknown[] | null = null) => {
  const parsed = cached ? assetList.safeParse(cached) : null;
  return useQuery({
    ...assetsQueryOptions(),
    ...(parsed?.success ? { initialData: parsed.data, initialDataUpdatedAt: 0 } : {}),
  });
};
