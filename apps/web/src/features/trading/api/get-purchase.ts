import * as ops from '@bw/api-client/operations';
import { type PurchaseView, purchaseView } from '@bw/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { type ApiClient, apiClient } from '../../../lib/api-client';
import { purchaseQueryKey } from './query-keys';

/** While a purchase waits for the signature, the bank or the notary, it is re-read this often. */
const WAITING_POLL_MS = 2_000;
const WAITING_STATUSES: ReadonlySet<PurchaseView['status']> = new Set([
  'reserved',
  'awaitingPayment',
  'awaitingNotary',
]);

/** `GET /api/v1/assets/investment/{transactionId}`: one purchase with its card state and payment request. */
export const getPurchase = (transactionId: string, client: ApiClient = apiClient): Promise<PurchaseView> =>
  client.get(ops.getAssetsInvestmentByTransactionId, purchaseView, { path: { transactionId } });

export const purchaseQueryOptions = (transactionId: string) =>
  queryOptions({
    queryKey: purchaseQueryKey(transactionId),
    queryFn: () => getPurchase(transactionId),
    retry: false,
    // The realtime `update` also arrives; polling is the safety net while something is pending.
    refetchInterval: (query) =>
      query.state.data && WAITING_STATUSES.has(query.state.data.status) ? WAITING_POLL_MS : false,
  });

export const usePurchase = (transactionId: string) => useQuery(purchaseQueryOptions(transactionId));
