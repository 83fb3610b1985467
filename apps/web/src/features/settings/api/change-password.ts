import * as ops from '@bw/api-client/operations';
import { passwordChanged } from '@bw/contracts';
import { type ApiClient, apiClient } from '../../../lib/api-client';

/** `PATCH /api/v1/user/password {passwordOld, passwordNew}`: a new session id and CSRF token follow (ADR 0003). */
export const changePassword = async (
  input: { passwordOld: string; passwordNew: string },
  client: ApiClient = apiClient,
): Promise<void> => {
  await client.send(ops.patchUserPassword, passwordChanged, { body: input });
};
