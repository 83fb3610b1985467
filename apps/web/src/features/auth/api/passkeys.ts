import * as ops from '@bw/api-client/operations';
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
import { type ApiClient, apiClient, type BodyOf } from '../../../lib/api-client';

/** The passkey calls (ADR 0029): WebAuthn registration and login of the web families. */
/** The browser's WebAuthn answer as JSON: the page hands it on unread and the server checks its shape. */
type RegistrationCredential = BodyOf<typeof ops.postAuthPasskeysRegistration>['credential'];
type LoginCredential = BodyOf<typeof ops.postAuthPasskeysLogin>['credential'];

export const startPasskeyRegistration = (client: ApiClient = apiClient): Promise<PasskeyCeremony> =>
  client.send(ops.postAuthPasskeysRegistrationOptions, passkeyCeremony);

export const finishPasskeyRegistration = (
  body: { ceremonyId: string; label: string; credential: unknown },
  client: ApiClient = apiClient,
) =>
  client.send(ops.postAuthPasskeysRegistration, passkeyView, {
    body: { ...body, credential: body.credential as RegistrationCredential },
  });

export const startPasskeyLogin = (client: ApiClient = apiClient): Promise<PasskeyCeremony> =>
  client.send(ops.postAuthPasskeysLoginOptions, passkeyCeremony);

export const finishPasskeyLogin = (
  body: { ceremonyId: string; credential: unknown },
  client: ApiClient = apiClient,
): Promise<SessionInfo> =>
  client.send(ops.postAuthPasskeysLogin, sessionInfo, {
    body: { ...body, credential: body.credential as LoginCredential },
  });

export const removePasskey = (id: string, client: ApiClient = apiClient) =>
  client.send(ops.deleteAuthPasskeysById, z.object({ removed: z.literal(true) }), { path: { id } });

export const passkeysQuery = (client: ApiClient = apiClient) =>
  queryOptions({ queryKey: ['passkeys'], queryFn: () => client.get(ops.getAuthPasskeys, passkeyList) });

export const usePasskeys = () => useQuery(passkeysQuery());
