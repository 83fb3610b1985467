import * as ops from '@bw/api-client/operations';
import { loginLinkSent, type PlatformFamily, type SessionInfo, sessionInfo } from '@bw/contracts';
import { type ApiClient, apiClient } from '../../../lib/api-client';

/** `POST /auth/login/otp/{email}?platform=`: e-mails a one-time login link to `/finishExternalAuth`. */
export const requestLoginLink = async (
  email: string,
  platform: PlatformFamily,
  client: ApiClient = apiClient,
): Promise<void> => {
  await client.send(ops.postAuthLoginOtpByEmail, loginLinkSent, { path: { email }, query: { platform } });
};

/** `POST /auth/login/otp {token}`: redeems a login link or a session switch. */
export const loginWithToken = (token: string, client: ApiClient = apiClient): Promise<SessionInfo> =>
  client.send(ops.postAuthLoginOtp, sessionInfo, { body: { token } });
