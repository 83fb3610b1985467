import { getAppConfig } from '../features/app-config/api/get-app-config';
import { getAppConfigByWebUrl } from '../features/app-config/api/get-app-config-by-web-url';
import { getAssets } from '../features/assets/api/get-assets';
import { checkSession } from '../features/auth/api/check-session';
import { getFeatureFlags } from '../features/platform-info/api/get-feature-flags';
import { getFees } from '../features/platform-info/api/get-fees';
import { getFrontendVersion } from '../features/platform-info/api/get-frontend-version';
import { type ApiClient, orNull } from '../lib/api-client';
import type { StartupApi } from '../lib/startup';

/** The startup's calls over the real API client; each failure becomes null (spec section 7). */
export const createStartupApi = (client: ApiClient): StartupApi => ({
  getAppConfig: (appId) => orNull(getAppConfig(client, appId)),
  getAppConfigByWebUrl: (webAppUrl) => orNull(getAppConfigByWebUrl(client, webAppUrl)),
  getFrontendVersion: () => orNull(getFrontendVersion(client)),
  getFeatureFlags: (partnerId) => orNull(getFeatureFlags(client, partnerId)),
  getFees: () => orNull(getFees(client)),
  getAssets: () => orNull(getAssets(client)),
  checkSession: () => orNull(checkSession(client)),
});
