import { type AppConfig, appConfig } from '@bw/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { type ApiClient, apiClient } from '../../../lib/api-client';

/** GET /api/v1/appConfig/{appId} (spec section 7). */
export const getAppConfig = (client: ApiClient, appId: string): Promise<AppConfig> =>
  client.get(`/api/v1/appConfig/${encodeURIComponent(appId)}`, appConfig);

export const appConfigQueryOptions = (appId: string) =>
  queryOptions({ queryKey: ['appConfig', appId], queryFn: () => getAppConfig(apiClient, appId) });

export const useAppConfig = (appId: string) => useQuery(appConfigQueryOptions(appId));
