import * as ops from '@bw/api-client/operations';
import { accepted, codeValid } from '@bw/contracts';
import { z } from 'zod';
import { type ApiClient, apiClient } from '../../../lib/api-client';

/** The finish answer has no contract of its own; success is the 2xx. */
const anyData = z.unknown();

/** `POST /auth/reset-password {email}`: e-mails a 6-digit code and a `/password-reset/{token}` link. */
export const requestResetCode = async (email: string, client: ApiClient = apiClient): Promise<void> => {
  await client.send(ops.postAuthResetPassword, accepted, { body: { email } });
};

/** `POST /auth/reset-password/check {token, email?}`: the code (with its e-mail) or the link token. */
export const checkResetToken = async (
  input: { token: string; email?: string },
  client: ApiClient = apiClient,
): Promise<void> => {
  await client.send(ops.postAuthResetPasswordCheck, codeValid, { body: input });
};

/** `POST /auth/reset-password/finish {token, passwordNew, email?}`. */
export const finishReset = async (
  input: { token: string; passwordNew: string; email?: string },
  client: ApiClient = apiClient,
): Promise<void> => {
  await client.send(ops.postAuthResetPasswordFinish, anyData, { body: input });
};
