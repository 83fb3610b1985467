/**
 * Ed25519 for the register: key ids, verifying the investors' signatures and the platform's tree
 * head signatures. Pure JavaScript (@noble/ed25519, RFC 8032 strict mode), so the browser page needs
 * no WebCrypto Ed25519 support; node:crypto signatures verify here byte for byte.
 */
import * as ed from '@noble/ed25519';
import { sha512 } from '@noble/hashes/sha2.js';
import { fromBase64Url } from './bytes.js';
import { sha256Hex } from './hash.js';

ed.hashes.sha512 = sha512;

/** A key id: the SHA-256 of the raw 32-byte public key, lower-case hex (a fingerprint anyone can recompute). */
export const ed25519KeyId = (publicKey: Uint8Array): string => sha256Hex(publicKey);

/** A raw public key from its base64url text (the security app protocol's encoding); null when malformed. */
export const parsePublicKey = (text: string): Uint8Array | null => {
  const bytes = fromBase64Url(text);
  return bytes !== null && bytes.length === 32 ? bytes : null;
};

/** True when `signature` (base64url, 64 bytes) is the key's Ed25519 signature over `message`. */
export const verifyEd25519 = (publicKey: Uint8Array, message: Uint8Array, signature: string): boolean => {
  const bytes = fromBase64Url(signature);
  if (bytes === null || bytes.length !== 64 || publicKey.length !== 32) return false;
  try {
    return ed.verify(bytes, message, publicKey, { zip215: false });
  } catch {
    return false;
  }
};

/** Signs with a raw 32-byte Ed25519 seed (tests, demo tools); the server signs with node:crypto. */
export const signEd25519 = (seed: Uint8Array, message: Uint8Array): Uint8Array => ed.sign(message, seed);

export const ed25519PublicKey = (seed: Uint8Array): Uint8Array => ed.getPublicKey(seed);
