import type { IncomingHttpHeaders } from 'node:http';
import { IDV_SIGNATURE_HEADER, IDV_TIMESTAMP_HEADER } from '@bw/contracts';
import { AppError } from '../../lib/app-error.js';
import { signWebhook, verifyWebhook } from '../payments/webhook-signature.js';

/**
 * The JSON of a webhook whose HMAC signature (over `<timestamp>.<raw body>`) checks out; throws the
 * catalogue's error otherwise: 401 bad signature, 400 stale timestamp or not JSON. Any provider
 * that signs like this can share it (the payment webhook predates it).
 */
export const readSignedJson = (input: {
  secret: string;
  rawBody: string;
  headers: IncomingHttpHeaders;
  timestampHeader: string;
  signatureHeader: string;
}): unknown => {
  const single = (name: string) => {
    const value = input.headers[name];
    return typeof value === 'string' ? value : value?.[0];
  };
  const check = verifyWebhook({
    secret: input.secret,
    rawBody: input.rawBody,
    timestampHeader: single(input.timestampHeader),
    signatureHeader: single(input.signatureHeader),
    nowMs: Date.now(),
  });
  if (check !== 'valid')
    throw new AppError(check === 'stale' ? 'WEBHOOK_TIMESTAMP_STALE' : 'WEBHOOK_SIGNATURE_INVALID');
  try {
    return JSON.parse(input.rawBody);
  } catch {
    throw new AppError('MALFORMED_JSON');
  }
};

/** A webhook as the sandbox sends it: the JSON body and the identification providers' signature headers. */
export type SignedWebhook = { body: string; headers: Record<string, string> };

export const signedWebhook = (event: unknown, secret: string): SignedWebhook => {
  const body = JSON.stringify(event);
  const unixSeconds = Math.floor(Date.now() / 1000);
  return {
    body,
    headers: {
      'content-type': 'application/json',
      [IDV_TIMESTAMP_HEADER]: `${unixSeconds}`,
      [IDV_SIGNATURE_HEADER]: signWebhook(secret, unixSeconds, body),
    },
  };
};

/** The sandbox's side: posts the event signed with the identification providers' headers. */
export const postSignedJson = (url: string, event: unknown, secret: string, timeoutMs: number): Promise<Response> => {
  const { body, headers } = signedWebhook(event, secret);
  return fetch(url, { method: 'POST', headers, body, signal: AbortSignal.timeout(timeoutMs) });
};
