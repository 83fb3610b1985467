import * as ops from '@bw/api-client/operations';
import type { AppConfig } from '@bw/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { type ApiClient, apiClient } from '../../../lib/api-client';
import { appConfigGuard } from '../../../lib/contract-guards';

/** GET /api/v1/appConfig/webAppUrl?webAppURL= (spec section 7): the partner of a web domain. */
export const getAppConfigByWebUrl = (client: ApiClient, webAppUrl: string): Promise<AppConfig> =>
  client.get(ops.getAppConfigWebAppUrl, appConfigGuard, { query: { webAppURL: webAppUrl } });

export const appConfigByWebUrlQueryOptions = (webAppUrl: string) =>
  queryOptions({
    queryKey: ['appConfig', 'webAppUrl', webAppUrl],
    queryFn: () => getAppConfigByWebUrl(apiClient, webAppUrl),
  });

export const useAppConfigByWebUrl = (webAppUrl: string) => useQuery(appConfigByWebUrlQueryOptions(webAppUrl));
