import * as ops from '@bw/api-client/operations';
import { emailAvailability } from '@bw/contracts';
import { type ApiClient, apiClient } from '../../../lib/api-client';

/** `GET /auth/email/isAvailable/{email}` (spec section 5: availability is checked on the server). */
export const isEmailAvailable = async (email: string, client: ApiClient = apiClient): Promise<boolean> =>
  (await client.get(ops.getAuthEmailIsAvailableByEmail, emailAvailability, { path: { email } })).isAvailable;
