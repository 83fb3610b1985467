import * as ops from '@bw/api-client/operations';
import { type CompanyView, companyView } from '@bw/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { type ApiClient, apiClient } from '../../../lib/api-client';
import { companyQueryKey } from './company-view';

/** `GET /api/v1/company`: the user's company, or null. */
export const getCompany = (client: ApiClient = apiClient): Promise<CompanyView | null> =>
  client.get(ops.getCompany, companyView.nullable());

export const companyQueryOptions = () =>
  queryOptions({ queryKey: companyQueryKey, queryFn: () => getCompany(), retry: false });

export const useCompany = (enabled: boolean) => useQuery({ ...companyQueryOptions(), enabled });
