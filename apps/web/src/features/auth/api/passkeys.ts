import {
  type PasskeyCeremony,
  passkeyCeremony,
  passkeyList,
  passkeyView,
  type SessionInfo,
  sessionInfo,
} from '@bw/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { type ApiClient, apiClient } from '../../../lib/api-client';

/** The passkey calls (ADR 0029): WebAuthn registration and login of the web families. */
export const startPasskeyRegistration = (client: ApiClient = apiClient): Promise<PasskeyCeremony> =>
  client.send('POST', '/auth/passkeys/registration/options', {}, passkeyCeremony);

export const finishPasskeyRegistration = (
  body: { ceremonyId: string; label: string; credential: unknown },
  client: ApiClient = apiClient,
) => client.send('POST', '/auth/passkeys/registration', body, passkeyView);

export const startPasskeyLogin = (client: ApiClient = apiClient): Promise<PasskeyCeremony> =>
  client.send('POST', '/auth/passkeys/login/options', {}, passkeyCeremony);

export const finishPasskeyLogin = (
  body: { ceremonyId: string; credential: unknown },
  client: ApiClient = apiClient,
): Promise<SessionInfo> => client.send('POST', '/auth/passkeys/login', body, sessionInfo);

export const removePasskey = (id: string, client: ApiClient = apiClient) =>
  client.send('DELETE', `/auth/passkeys/${encodeURIComponent(id)}`, undefined, z.object({ removed: z.literal(true) }));

export const passkeysQuery = (client: ApiClient = apiClient) =>
  queryOptions({ queryKey: ['passkeys'], queryFn: () => client.get('/auth/passkeys', passkeyList) });

export const usePasskeys = () => useQuery(passkeysQuery());
