import { type TransactionMetadata, transactionMetadata } from '@bw/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { type ApiClient, apiClient } from '../../../lib/api-client';

/**
 * GET /api/v1/assets/transactionMetadata/{id}?fields=diagramData (spec section 7): daily prices and
 * their 30-day volume-weighted average for the price chart.
 */
export const getPriceHistory = (client: ApiClient, id: string): Promise<TransactionMetadata> =>
  client.get(`/api/v1/assets/transactionMetadata/${encodeURIComponent(id)}?fields=diagramData`, transactionMetadata);

export const priceHistoryQueryOptions = (id: string) =>
  queryOptions({
    queryKey: ['asset', id, 'priceHistory'],
    queryFn: () => getPriceHistory(apiClient, id),
    retry: false,
  });

export const usePriceHistory = (id: string, enabled: boolean) => useQuery({ ...priceHistoryQueryOptions(id), enabled });
