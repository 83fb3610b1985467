import { createHmac, timingSafeEqual } from 'node:crypto';

/** Webhooks older or newer than this are refused (replay window); event ids dedupe inside it. */
export const WEBHOOK_TOLERANCE_SECONDS = 300;

/** HMAC-SHA256 over `<unix seconds>.<raw body>`, hex. */
export const signWebhook = (secret: string, timestampSeconds: number, rawBody: string): string =>
  createHmac('sha256', secret).update(`${timestampSeconds}.${rawBody}`).digest('hex');

export type SignatureCheck = 'valid' | 'bad-signature' | 'stale';

export const verifyWebhook = (input: {
  secret: string;
  rawBody: string;
  timestampHeader: string | undefined;
  signatureHeader: string | undefined;
  nowMs: number;
}): SignatureCheck => {
  const timestampSeconds = Number(input.timestampHeader);
  if (!input.timestampHeader || !/^\d{1,12}$/.test(input.timestampHeader) || !input.signatureHeader) {
    return 'bad-signature';
  }
  const expected = Buffer.from(signWebhook(input.secret, timestampSeconds, input.rawBody), 'hex');
  const given = Buffer.from(input.signatureHeader, 'hex');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return 'bad-signature';
  if (Math.abs(input.nowMs / 1000 - timestampSeconds) > WEBHOOK_TOLERANCE_SECONDS) return 'stale';
  return 'valid';
};
