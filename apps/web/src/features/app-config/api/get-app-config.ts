import * as ops from '@bw/api-client/operations';
import type { AppConfig } from '@bw/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { type ApiClient, apiClient } from '../../../lib/api-client';
import { appConfigGuard } from '../../../lib/contract-guards';

/** GET /api/v1/appConfig/{appId} (spec section 7). */
export const getAppConfig = (client: ApiClient, appId: string): Promise<AppConfig> =>
  client.get(ops.getAppConfigByAppId, appConfigGuard, { path: { appId } });

export const appConfigQueryOptions = (appId: string) =>
  queryOptions({ queryKey: ['appConfig', appId], queryFn: () => getAppConfig(apiClient, appId) });

export const useAppConfig = (appId: string) => useQuery(appConfigQueryOptions(appId));
