import * as ops from '@bw/api-client/operations';
import { type PairingCodeResult, pairingCodeResult } from '@bw/contracts';
import { type ApiClient, apiClient } from '../../../lib/api-client';

/** `POST /api/v1/securityApp/pairing`: a short-lived code for the security app. */
export const createPairing = (client: ApiClient = apiClient): Promise<PairingCodeResult> =>
  client.send(ops.postSecurityAppPairing, pairingCodeResult);
