import { type AppConfig, appConfig } from '@bw/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { type ApiClient, apiClient } from '../../../lib/api-client';

const appConfigList = z.array(appConfig);

/** GET /api/v1/appConfig/ (spec section 7): every partner, for the partner selection. */
export const getAppConfigs = (client: ApiClient): Promise<AppConfig[]> =>
  client.get('/api/v1/appConfig/', appConfigList);

export const appConfigsQueryOptions = () =>
  queryOptions({ queryKey: ['appConfig', 'all'], queryFn: () => getAppConfigs(apiClient) });

export const useAppConfigs = () => useQuery(appConfigsQueryOptions());
