import * as ops from '@bw/api-client/operations';
import { type RegisterPrivateResult, registerPrivateResult } from '@bw/contracts';
import { type ApiClient, apiClient } from '../../../lib/api-client';

/** `POST api/v1/securityApp/registerPrivate {publicKey}` (spec section 7). */
export const registerPrivateApp = (publicKey: string, client: ApiClient = apiClient): Promise<RegisterPrivateResult> =>
  client.send(ops.postSecurityAppRegisterPrivate, registerPrivateResult, { body: { publicKey } });
