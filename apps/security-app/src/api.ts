import {
  type LinkSecurityAppResult,
  linkSecurityAppResult,
  SECURITY_APP_AUTH_SCHEME,
  type SigningRequestView,
  signingRequestView,
} from '@bw/contracts';
import { z } from 'zod';

/** A refusal from the API, with the German message of the error catalogue. */
export class ApiError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly status: number,
  ) {
    super(message);
  }
}

const errorEnvelope = z.object({ error: z.object({ code: z.string(), message: z.string() }) });

// Cookies are never sent: the app speaks for itself with its device token, so a session of the
// main app in the same browser neither helps nor gets in the way (no CSRF token needed).
const call = async <T>(schema: z.ZodType<T>, path: string, init: RequestInit & { token?: string } = {}): Promise<T> => {
  // The app's texts are German, so the server's messages are asked for in German (ADR 0042).
  const headers: Record<string, string> = { accept: 'application/json', 'accept-language': 'de-AT' };
  if (init.body !== undefined) headers['content-type'] = 'application/json';
  if (init.token) headers.authorization = `${SECURITY_APP_AUTH_SCHEME} ${init.token}`;
  const response = await fetch(path, { ...init, headers, credentials: 'omit' });
  const body: unknown = await response.json().catch(() => null);
  if (!response.ok) {
    const parsed = errorEnvelope.safeParse(body);
    throw parsed.success
      ? new ApiError(parsed.data.error.code, parsed.data.error.message, response.status)
      : new ApiError('NETWORK', 'Der Server ist gerade nicht erreichbar.', response.status);
  }
  return z.object({ data: schema }).parse(body).data;
};

export const linkApp = (pairingCode: string, publicKey: string): Promise<LinkSecurityAppResult> =>
  call(linkSecurityAppResult, '/api/v1/securityApp/link', {
    method: 'POST',
    body: JSON.stringify({ pairingCode, publicKey }),
  });

export const listPending = (token: string): Promise<SigningRequestView[]> =>
  call(z.array(signingRequestView), '/api/v1/securityApp/signingRequests?status=pending', { token });

export const approve = (token: string, id: string, signature: string): Promise<SigningRequestView> =>
  call(signingRequestView, `/api/v1/securityApp/signingRequests/${id}/signature`, {
    method: 'POST',
    token,
    body: JSON.stringify({ signature }),
  });

export const reject = (token: string, id: string): Promise<SigningRequestView> =>
  call(signingRequestView, `/api/v1/securityApp/signingRequests/${id}/reject`, { method: 'POST', token });

export const disconnect = (token: string, recoverySecret: string): Promise<unknown> =>
  call(z.unknown(), '/api/v1/securityApp/disconnect', {
    method: 'POST',
    token,
    body: JSON.stringify({ recoverySecret }),
  });
