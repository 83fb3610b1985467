import { createPublicKey, type KeyObject, randomBytes, randomInt, verify } from 'node:crypto';

/** Raw Ed25519 keys are 32 bytes, signatures 64 (RFC 8032); both travel as base64url. */
const PUBLIC_KEY_BYTES = 32;
const SIGNATURE_BYTES = 64;
/** base64 or base64url of exactly 32 bytes: 43 characters plus optional padding. */
const PUBLIC_KEY_TEXT = /^[A-Za-z0-9+/_-]{43}=?$/;
const SIGNATURE_TEXT = /^[A-Za-z0-9+/_-]{86}(==)?$/;

export type ParsedPublicKey = { keyObject: KeyObject; base64url: string };

/**
 * A public key as the apps send it (raw 32 bytes, base64url or base64), or null when it is not
 * one. The all-zero key and keys OpenSSL refuses are rejected; the stored form is base64url.
 */
export const parseEd25519PublicKey = (text: string): ParsedPublicKey | null => {
  const trimmed = text.trim();
  if (!PUBLIC_KEY_TEXT.test(trimmed)) return null;
  const raw = Buffer.from(trimmed.replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, ''), 'base64url');
  if (raw.length !== PUBLIC_KEY_BYTES || raw.every((byte) => byte === 0)) return null;
  const base64url = raw.toString('base64url');
  try {
    const keyObject = createPublicKey({ key: { kty: 'OKP', crv: 'Ed25519', x: base64url }, format: 'jwk' });
    return { keyObject, base64url };
  } catch {
    return null;
  }
};

/** Parsed keys of the apps that signed lately: parsing a key costs more than verifying with it. */
const parsedKeys = new Map<string, ParsedPublicKey | null>();
const PARSED_KEYS_MAX = 10_000;

const cachedPublicKey = (publicKey: string): ParsedPublicKey | null => {
  const known = parsedKeys.get(publicKey);
  if (known !== undefined) return known;
  const parsed = parseEd25519PublicKey(publicKey);
  if (parsedKeys.size >= PARSED_KEYS_MAX) parsedKeys.clear();
  parsedKeys.set(publicKey, parsed);
  return parsed;
};

/** True when `signature` (base64url) is the key's Ed25519 signature over the UTF-8 bytes of `message`. */
export const verifyEd25519 = (publicKey: string, message: string, signature: string): boolean => {
  const parsed = cachedPublicKey(publicKey);
  const trimmed = signature.trim();
  if (!parsed || !SIGNATURE_TEXT.test(trimmed)) return false;
  const bytes = Buffer.from(trimmed.replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, ''), 'base64url');
  if (bytes.length !== SIGNATURE_BYTES) return false;
  try {
    return verify(null, Buffer.from(message, 'utf8'), parsed.keyObject, bytes);
  } catch {
    return false;
  }
};

/** No 0/O or 1/I, so a code read off a screen is typed right. */
const PAIRING_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const PAIRING_CODE_LENGTH = 8;

/** A pairing code like `K7QM-2XRD` (40 bits; single use, minutes long, rate limited). */
export const randomPairingCode = (): string => {
  let code = '';
  for (let i = 0; i < PAIRING_CODE_LENGTH; i += 1) code += PAIRING_ALPHABET[randomInt(0, PAIRING_ALPHABET.length)];
  return `${code.slice(0, 4)}-${code.slice(4)}`;
};

/** The form a typed code is compared in: upper case, no separators. */
export const normalizePairingCode = (code: string): string => code.toUpperCase().replace(/[^A-Z0-9]/g, '');

export const randomNonce = (): string => randomBytes(16).toString('base64url');
