import * as ops from '@bw/api-client/operations';
import { type SecurityAppView, securityAppView } from '@bw/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { type ApiClient, apiClient } from '../../../lib/api-client';
import { securityAppQueryKey } from './query-keys';

/** `GET /api/v1/securityApp`: status (new, active, disconnected) and timestamp (spec section 3). */
export const getSecurityApp = (client: ApiClient): Promise<SecurityAppView> =>
  client.get(ops.getSecurityApp, securityAppView);

export const securityAppQueryOptions = () =>
  queryOptions({ queryKey: securityAppQueryKey, queryFn: () => getSecurityApp(apiClient), retry: false });

export const useSecurityApp = () => useQuery(securityAppQueryOptions());
