import * as ops from '@bw/api-client/operations';
import { disconnectSecurityAppResult } from '@bw/contracts';
import { type ApiClient, apiClient } from '../../../lib/api-client';

/** `POST api/v1/securityApp/disconnect {recoverySecret}`: removal needs the recovery file (spec section 4). */
export const disconnectSecurityApp = async (recoverySecret: string, client: ApiClient = apiClient): Promise<void> => {
  await client.send(ops.postSecurityAppDisconnect, disconnectSecurityAppResult, { body: { recoverySecret } });
};
