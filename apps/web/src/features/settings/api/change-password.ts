import { passwordChanged } from '@bw/contracts';
import { type ApiClient, apiClient } from '../../../lib/api-client';

/** `PATCH /api/v1/user/password {passwordOld, passwordNew}`: a new session id and CSRF token follow (ADR 0003). */
export const changePassword = async (
  input: { passwordOld: string; passwordNew: string },
  client: ApiClient = apiClient,
): Promise<void> => {
  await client.send('PATCH', '/api/v1/user/password', input, passwordChanged);
};
