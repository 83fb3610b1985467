import * as ops from '@bw/api-client/operations';
import type { AppConfig } from '@bw/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { type ApiClient, apiClient } from '../../../lib/api-client';
import { appConfigListGuard } from '../../../lib/contract-guards';

/** GET /api/v1/appConfig/ (spec section 7): every partner, for the partner selection. */
export const getAppConfigs = (client: ApiClient): Promise<AppConfig[]> =>
  client.get(ops.getAppConfig, appConfigListGuard);

export const appConfigsQueryOptions = () =>
  queryOptions({ queryKey: ['appConfig', 'all'], queryFn: () => getAppConfigs(apiClient) });

export const useAppConfigs = () => useQuery(appConfigsQueryOptions());
