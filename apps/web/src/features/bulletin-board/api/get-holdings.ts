import * as ops from '@bw/api-client/operations';
import { type BulletinHoldings, bulletinHoldings } from '@bw/contracts';
import { useQuery } from '@tanstack/react-query';
import { type ApiClient, apiClient } from '../../../lib/api-client';
import { holdingsQueryKey } from './query-keys';

/** `GET /api/v1/bulletinboard/holdings?assetId`: shares with availableShares and the available cash. */
export const getHoldings = (assetId: string, client: ApiClient = apiClient): Promise<BulletinHoldings> =>
  client.get(ops.getBulletinboardHoldings, bulletinHoldings, { query: { assetId } });

export const useHoldings = (assetId: string) =>
  useQuery({ queryKey: holdingsQueryKey(assetId), queryFn: () => getHoldings(assetId), retry: false });
