import * as ops from '@bw/api-client/operations';
import { type PortfolioHistoryView, portfolioHistoryView } from '@bw/contracts';
import { useQuery } from '@tanstack/react-query';
import { type ApiClient, apiClient } from '../../../lib/api-client';
import { INVESTMENTS_QUERY_KEY } from './get-investments';

/** `GET /api/v1/user/investments/history`: market value and invested capital per day (issue 27). */
export const getPortfolioHistory = (client: ApiClient = apiClient): Promise<PortfolioHistoryView> =>
  client.get(ops.getUserInvestmentsHistory, portfolioHistoryView);

export const usePortfolioHistory = () =>
  useQuery({ queryKey: [...INVESTMENTS_QUERY_KEY, 'history'], queryFn: () => getPortfolioHistory(), retry: false });
