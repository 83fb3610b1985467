import * as ops from '@bw/api-client/operations';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { type ApiClient, apiClient } from '../../../lib/api-client';
import { frontendVersionGuard } from '../../../lib/contract-guards';

/** GET /api/v1/utils/frontendVersion (spec section 7). */
export const getFrontendVersion = async (client: ApiClient): Promise<string> =>
  (await client.get(ops.getUtilsFrontendVersion, frontendVersionGuard)).version;

export const frontendVersionQueryOptions = () =>
  queryOptions({ queryKey: ['frontendVersion'], queryFn: () => getFrontendVersion(apiClient) });

export const useFrontendVersion = () => useQuery(frontendVersionQueryOptions());
