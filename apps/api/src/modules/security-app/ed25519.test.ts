import { canonicalSigningPayload } from '@bw/domain';
import { describe, expect, it } from 'vitest';
import { parseEd25519PublicKey, verifyEd25519 } from './ed25519.js';

/** The worked example of docs/security-app-protocol.md (key: RFC 8032 test 1); the doc must not drift. */
const PUBLIC_KEY = '11qYAYKxCrfVS_7TyWQHOg7hcvPapiMlrwIaaPcHURo';
const FIELDS = {
  protocol: 'brickwise.signing.v1',
  kind: 'trade',
  requestId: '3f6c1a52-8d0e-4b7a-9c1e-2a4d5b6c7d8e',
  userId: '0b1c2d3e-4f50-4617-8293-a4b5c6d7e8f9',
  nonce: 'q3VxZ2h0LWV4YW1wbGUtMQ',
  expiresAt: '2026-05-04T10:15:00.000Z',
  assetId: 'asset-graz-01',
  assetName: 'Wohnhaus Graz',
  sharesCount: '4',
  priceCents: '10000',
  amountCents: '40000',
  feeCents: '150',
  counterparty: 'Emittent',
};
const CANONICAL =
  '{"amountCents":"40000","assetId":"asset-graz-01","assetName":"Wohnhaus Graz","counterparty":"Emittent","expiresAt":"2026-05-04T10:15:00.000Z","feeCents":"150","kind":"trade","nonce":"q3VxZ2h0LWV4YW1wbGUtMQ","priceCents":"10000","protocol":"brickwise.signing.v1","requestId":"3f6c1a52-8d0e-4b7a-9c1e-2a4d5b6c7d8e","sharesCount":"4","userId":"0b1c2d3e-4f50-4617-8293-a4b5c6d7e8f9"}';
const SIGNATURE = 'oqKEGdLr6dXE6arxvdaJz4YE9PdLE2SugaHchyHgVFNYPSTnKoE9ez4S8ewmNfDkPGUJlWs51fXhSnpbIHCTDg';

describe('the protocol worked example', () => {
  it('builds the documented canonical bytes and verifies the documented signature', () => {
    expect(canonicalSigningPayload(FIELDS)).toBe(CANONICAL);
    expect(verifyEd25519(PUBLIC_KEY, CANONICAL, SIGNATURE)).toBe(true);
  });

  it('refuses the signature once one character of the payload changes', () => {
    expect(verifyEd25519(PUBLIC_KEY, CANONICAL.replace('"40000"', '"4000"'), SIGNATURE)).toBe(false);
  });

  it('accepts base64 with padding as well as base64url, and nothing else', () => {
    const padded = `${Buffer.from(PUBLIC_KEY, 'base64url').toString('base64')}`;
    expect(parseEd25519PublicKey(padded)?.base64url).toBe(PUBLIC_KEY);
    expect(parseEd25519PublicKey(`${PUBLIC_KEY}A`)).toBeNull();
    expect(parseEd25519PublicKey('')).toBeNull();
  });
});
