import * as ops from '@bw/api-client/operations';
import { loggedOut } from '@bw/contracts';
import { type ApiClient, apiClient } from '../../../lib/api-client';

/** `POST /auth/logout`: ends the session on the server (ADR 0003). */
export const logout = async (client: ApiClient = apiClient): Promise<void> => {
  await client.send(ops.postAuthLogout, loggedOut);
};
