import { frontendVersion } from '@bw/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { type ApiClient, apiClient } from '../../../lib/api-client';

/** GET /api/v1/utils/frontendVersion (spec section 7). */
export const getFrontendVersion = async (client: ApiClient): Promise<string> =>
  (await client.get('/api/v1/utils/frontendVersion', frontendVersion)).version;

export const frontendVersionQueryOptions = () =>
  queryOptions({ queryKey: ['frontendVersion'], queryFn: () => getFrontendVersion(apiClient) });

export const useFrontendVersion = () => useQuery(frontendVersionQueryOptions());
