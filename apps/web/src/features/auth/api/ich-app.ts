import * as ops from '@bw/api-client/operations';
import { ichAppUrl, type PlatformFamily, type SessionInfo, sessionInfo } from '@bw/contracts';
import { type ApiClient, apiClient } from '../../../lib/api-client';

/** `GET /auth/ichApp/url?register=&platform=`: where the external identity provider's login starts. */
export const getIchAppUrl = async (
  platform: PlatformFamily,
  registerNew: boolean,
  client: ApiClient = apiClient,
): Promise<string> =>
  (await client.get(ops.getAuthIchAppUrl, ichAppUrl, { query: { register: registerNew ? 'true' : 'false', platform } }))
    .url;

/** `POST /auth/ichApp/login {code, state, iss}` with the query of the redirect to `/finishExternalAuth`. */
export const ichAppLogin = (
  input: { code: string; state?: string; iss?: string },
  client: ApiClient = apiClient,
): Promise<SessionInfo> => client.send(ops.postAuthIchAppLogin, sessionInfo, { body: input });
