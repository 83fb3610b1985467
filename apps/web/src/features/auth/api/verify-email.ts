import * as ops from '@bw/api-client/operations';
import { type SessionInfo, sessionInfo } from '@bw/contracts';
import { type ApiClient, apiClient } from '../../../lib/api-client';

/** `POST /auth/verify-email {token}`: confirms the address of `/verify/{token}` and logs in. */
export const verifyEmail = (token: string, client: ApiClient = apiClient): Promise<SessionInfo> =>
  client.send(ops.postAuthVerifyEmail, sessionInfo, { body: { token } });
