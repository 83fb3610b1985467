import * as ops from '@bw/api-client/operations';
import { type InvestmentsView, investmentsView } from '@bw/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { type ApiClient, apiClient } from '../../../lib/api-client';

export const INVESTMENTS_QUERY_KEY = ['investments'] as const;

/** While a purchase is open (signature, payment, notary), the screen re-reads this often. */
const OPEN_POLL_MS = 5_000;

/** `GET /api/v1/user/investments`: holdings, open and past purchases, total value and collected rent. */
export const getInvestments = (client: ApiClient = apiClient): Promise<InvestmentsView> =>
  client.get(ops.getUserInvestments, investmentsView);

export const investmentsQueryOptions = () =>
  queryOptions({
    queryKey: INVESTMENTS_QUERY_KEY,
    queryFn: () => getInvestments(),
    retry: false,
    refetchInterval: (query) => ((query.state.data?.openPurchases.length ?? 0) > 0 ? OPEN_POLL_MS : false),
  });

export const useInvestments = () => useQuery(investmentsQueryOptions());
