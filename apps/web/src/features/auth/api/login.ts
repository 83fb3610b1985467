import { type SessionInfo, sessionInfo } from '@bw/contracts';
import { type ApiClient, apiClient } from '../../../lib/api-client';

/** `POST /auth/login {email, password}` (spec section 7) → the new session. */
export const login = (
  input: { email: string; password: string },
  client: ApiClient = apiClient,
): Promise<SessionInfo> => client.send('POST', '/auth/login', input, sessionInfo);
