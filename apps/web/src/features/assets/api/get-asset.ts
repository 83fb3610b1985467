import { type AssetDetail, assetDetail } from '@bw/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { type ApiClient, apiClient } from '../../../lib/api-client';
import { assetQueryKey } from './query-keys';

/** GET /api/v2/assets/{id} (spec section 7): every field of spec section 3, records, documents, offers. */
export const getAsset = (client: ApiClient, id: string): Promise<AssetDetail> =>
  client.get(`/api/v2/assets/${encodeURIComponent(id)}`, assetDetail);

export const assetQueryOptions = (id: string) =>
  queryOptions({ queryKey: assetQueryKey(id), queryFn: () => getAsset(apiClient, id), retry: false });

export const useAsset = (id: string) => useQuery(assetQueryOptions(id));
