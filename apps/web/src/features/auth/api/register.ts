import * as ops from '@bw/api-client/operations';
import { PARTNER_HEADER, registered } from '@bw/contracts';
import type { z } from 'zod';
import { type ApiClient, apiClient } from '../../../lib/api-client';

export type Registered = z.infer<typeof registered>;

/** `POST /auth/register` (ADR 0003): the Email step; the account belongs to the partner of the app config. */
export const register = (
  input: { email: string; newsletter: boolean; referralCode?: string; affiliatePartnerId?: string },
  partnerId: string | null,
  client: ApiClient = apiClient,
): Promise<Registered> =>
  client.send(ops.postAuthRegister, registered, {
    body: input,
    ...(partnerId ? { headers: { [PARTNER_HEADER]: partnerId } } : {}),
  });
