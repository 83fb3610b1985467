import * as ops from '@bw/api-client/operations';
import { PARTNER_HEADER, type SessionInfo, sessionInfo } from '@bw/contracts';
import { type ApiClient, apiClient } from '../../../lib/api-client';

/**
 * `POST /auth/login {email, password}` (spec section 7) → the new session. The partner header picks
 * the account of that partner when the person has accounts at several (ADR 0035).
 */
export const login = (
  input: { email: string; password: string },
  partnerId: string | null = null,
  client: ApiClient = apiClient,
): Promise<SessionInfo> =>
  client.send(ops.postAuthLogin, sessionInfo, {
    body: input,
    ...(partnerId ? { headers: { [PARTNER_HEADER]: partnerId } } : {}),
  });
