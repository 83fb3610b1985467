import { getAppConfig } from '../features/app-config/api/get-app-config';
import { getAppConfigByWebUrl } from '../features/app-config/api/get-app-config-by-web-url';
import { getAssets } from '../features/assets/api/get-assets';
import { assetsQueryKey } from '../features/assets/api/query-keys';
import { checkSession } from '../features/auth/api/check-session';
import { getFeatureFlags } from '../features/platform-info/api/get-feature-flags';
import { getFees } from '../features/platform-info/api/get-fees';
import { getFrontendVersion } from '../features/platform-info/api/get-frontend-version';
import { type ApiClient, orNull } from '../lib/api-client';
import type { StartupApi } from '../lib/startup';
import { queryClient } from './provider';

/** The startup's calls over the real API client; each failure becomes null (spec section 7). */
export const createStartupApi = (client: ApiClient): StartupApi => ({
  getAppConfig: (appId) => orNull(getAppConfig(client, appId)),
  getAppConfigByWebUrl: (webAppUrl) => orNull(getAppConfigByWebUrl(client, webAppUrl)),
  getFrontendVersion: () => orNull(getFrontendVersion(client)),
  getFeatureFlags: (partnerId) => orNull(getFeatureFlags(client, partnerId)),
  getFees: () => orNull(getFees(client)),
  // The fresh list also fills the marketplace's query, so the marketplace does not ask again.
  getAssets: () =>
    orNull(
      getAssets(client).then((assets) => {
        queryClient.setQueryData(assetsQueryKey, assets);
        return assets;
      }),
    ),
  checkSession: () => orNull(checkSession(client)),
});
