import * as ops from '@bw/api-client/operations';
import { accepted } from '@bw/contracts';
import { type ApiClient, apiClient } from '../../../lib/api-client';

/** `POST /auth/register/resend {resendToken}`: 'no email received' (spec section 2). */
export const resendVerification = async (resendToken: string, client: ApiClient = apiClient): Promise<void> => {
  await client.send(ops.postAuthRegisterResend, accepted, { body: { resendToken } });
};
