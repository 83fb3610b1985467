import * as ops from '@bw/api-client/operations';
import type { AssetSummary } from '@bw/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { type ApiClient, apiClient } from '../../../lib/api-client';
import { assetListPageGuard, assetSummaryListGuard } from './asset-summary-guard';
import { assetsQueryKey } from './query-keys';

/** The contract's largest page (`assetListQuery.pageSize` max 100). */
export const ASSET_PAGE_SIZE = 100;
/** Limits everywhere: at most this many pages (2,000 assets) make one marketplace list. */
export const MAX_ASSET_PAGES = 20;

/**
 * GET /api/v2/assets (spec section 7): every listed asset, page by page. The marketplace filters
 * and sections are applied in the browser with the domain rules (`marketplaceList`,
 * `splitNewAndMore`), so switching a filter needs no request and works from the cache.
 */
const fetchAllPages = async (client: ApiClient): Promise<AssetSummary[]> => {
  const assets: AssetSummary[] = [];
  for (let page = 0; page < MAX_ASSET_PAGES; page++) {
    const answer = await client.get(ops.getAssets, assetListPageGuard, {
      query: { page, pageSize: ASSET_PAGE_SIZE },
    });
    assets.push(...answer.assets);
    if (answer.assets.length < ASSET_PAGE_SIZE || assets.length >= answer.totalCount) break;
  }
  return assets;
};

const inFlight = new WeakMap<ApiClient, Promise<AssetSummary[]>>();

/**
 * Every listed asset. A call while another one is still on the way shares its answer: at start the
 * startup refreshes the cached list (spec section 4, step 5) just as the marketplace refreshes what
 * it shows, and one request serves both. A later call asks the server again.
 */
export const getAssets = (client: ApiClient): Promise<AssetSummary[]> => {
  const pending = inFlight.get(client);
  if (pending) return pending;
  const request = fetchAllPages(client).finally(() => inFlight.delete(client));
  inFlight.set(client, request);
  return request;
};

export const assetsQueryOptions = () =>
  queryOptions({ queryKey: assetsQueryKey, queryFn: () => getAssets(apiClient), retry: false });

/** Reads a cached list back; anything that no longer fits the contract is ignored. */
export const parseCachedAssets = (cached: readonly unknown[] | null): AssetSummary[] | null => {
  if (!cached) return null;
  try {
    return assetSummaryListGuard.parse(cached);
  } catch {
    return null;
  }
};

/**
 * Spec section 4: lists are shown from the local cache first, then refreshed. `cached` is the
 * persisted list (encrypted shell store); it is shown at once and counts as stale, so the fresh
 * list replaces it.
 */
export const useAssets = (cached: readonly unknown[] | null = null) => {
  const parsed = useMemo(() => parseCachedAssets(cached), [cached]);
  return useQuery({
    ...assetsQueryOptions(),
    ...(parsed ? { initialData: parsed, initialDataUpdatedAt: 0 } : {}),
  });
};
