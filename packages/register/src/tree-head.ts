/**
 * Signed tree heads: the state of an asset's log at one moment (size, root hash, time), signed
 * with the platform's Ed25519 key. The platform publishes one per asset and day; any two of them
 * are linked by a consistency proof, so a rewritten history shows.
 */
import { fromHex, toBase64Url } from './bytes.js';
import { hasExactKeys, isHex32, isIsoUtcMillis, isRegisterId } from './entry.js';
import { canonicalBytes } from './hash.js';
import { verifyEd25519 } from './signatures.js';

export const REGISTER_TREE_HEAD_PROTOCOL = 'brickwise.register.tree-head.v1';

export type TreeHead = {
  protocol: typeof REGISTER_TREE_HEAD_PROTOCOL;
  assetId: string;
  treeSize: number;
  /** MTH of the first treeSize entries, hex. */
  rootHash: string;
  /** ISO 8601 UTC with milliseconds. */
  timestamp: string;
  /** The platform key that signs it (SHA-256 of the raw public key, hex). */
  keyId: string;
};

export type SignedTreeHead = TreeHead & {
  /** Ed25519 over the UTF-8 of the canonical JSON of the other fields, base64url. */
  signature: string;
};

const HEAD_KEYS = ['assetId', 'keyId', 'protocol', 'rootHash', 'timestamp', 'treeSize'];

/** The bytes the platform signs. */
export const treeHeadMessage = (head: TreeHead): Uint8Array =>
  canonicalBytes({
    protocol: head.protocol,
    assetId: head.assetId,
    treeSize: head.treeSize,
    rootHash: head.rootHash,
    timestamp: head.timestamp,
    keyId: head.keyId,
  });

/** Signs a head with whatever holds the key (node:crypto on the server): `sign` returns 64 bytes. */
export const signTreeHead = (head: TreeHead, sign: (message: Uint8Array) => Uint8Array): SignedTreeHead => {
  const signature = sign(treeHeadMessage(head));
  if (signature.length !== 64) throw new Error('an Ed25519 signature has 64 bytes');
  return { ...head, signature: toBase64Url(signature) };
};

/** Why a value is not a well-formed signed tree head, or null. */
export const signedTreeHeadProblem = (value: unknown): string | null => {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return 'not an object';
  const record = value as Record<string, unknown>;
  if (!hasExactKeys(record, [...HEAD_KEYS, 'signature'])) return 'fields differ from a signed tree head’s';
  if (record.protocol !== REGISTER_TREE_HEAD_PROTOCOL) return 'unknown protocol';
  if (!isRegisterId(record.assetId)) return 'assetId is missing or too long';
  if (typeof record.treeSize !== 'number' || !Number.isSafeInteger(record.treeSize) || record.treeSize < 0)
    return 'treeSize is not a whole number';
  if (!isHex32(record.rootHash)) return 'rootHash is not 64 hex digits';
  if (!isIsoUtcMillis(record.timestamp)) return 'timestamp is not ISO 8601 UTC with milliseconds';
  if (!isHex32(record.keyId)) return 'keyId is not 64 hex digits';
  if (typeof record.signature !== 'string') return 'signature is missing';
  return null;
};

export const isSignedTreeHead = (value: unknown): value is SignedTreeHead => signedTreeHeadProblem(value) === null;

export const verifyTreeHeadSignature = (head: SignedTreeHead, platformPublicKey: Uint8Array): boolean =>
  verifyEd25519(platformPublicKey, treeHeadMessage(head), head.signature);

export const treeHeadRoot = (head: TreeHead): Uint8Array => fromHex(head.rootHash) as Uint8Array;
