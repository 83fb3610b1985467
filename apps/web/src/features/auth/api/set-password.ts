import * as ops from '@bw/api-client/operations';
import { passwordSet } from '@bw/contracts';
import { type ApiClient, apiClient } from '../../../lib/api-client';

/** `PATCH /auth/set-password {passwordNew}`: the first password, at registration (ADR 0003). */
export const setPassword = async (passwordNew: string, client: ApiClient = apiClient): Promise<void> => {
  await client.send(ops.patchAuthSetPassword, passwordSet, { body: { passwordNew } });
};
