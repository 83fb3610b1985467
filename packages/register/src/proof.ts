/**
 * The investor's proof file (format `brickwise.register.proof`, version 1; docs/register/format.md):
 * their entries of one asset, each with an audit path to the latest published root and one to the
 * entry before it (the hash chain), their signed requests, every published root of the asset and
 * the consistency proofs between consecutive roots. Built on the server, checked by the same
 * module in the browser page and on the command line.
 */
import { parseCanonicalSigningPayload } from '@bw/domain';
import { bytesEqual, fromBase64Url, fromHex, toBase64Url, toHex, utf8 } from './bytes.js';
import {
  hasExactKeys,
  holderPseudonym,
  isHex32,
  isIsoUtcMillis,
  isRegisterId,
  type RegisterEntry,
  registerEntryHash,
  registerEntryProblem,
  SIGNED_ENTRY_KINDS,
} from './entry.js';
import { sha256, sha256Hex } from './hash.js';
import { MerkleTree, verifyConsistency, verifyInclusion } from './merkle.js';
import type { Failure, Pass } from './messages.js';
import { ed25519KeyId, parsePublicKey, verifyEd25519 } from './signatures.js';
import {
  isSignedTreeHead,
  type SignedTreeHead,
  signedTreeHeadProblem,
  treeHeadRoot,
  verifyTreeHeadSignature,
} from './tree-head.js';

export const REGISTER_PROOF_FORMAT = 'brickwise.register.proof';
export const REGISTER_PROOF_VERSION = 1;

export type PublicKeyRef = { keyId: string; publicKey: string };

export type ProofEntry = {
  entry: RegisterEntry;
  /** Audit path of the entry in the latest root, hex, leaf level first. */
  inclusion: string[];
  /** Audit path of the entry before it (leaf hash = entry.prev) in the latest root; null for seq 0. */
  previousInclusion: string[] | null;
  /** The canonical payloads the holder signed for this entry (security app protocol). */
  signedPayloads: string[];
};

export type ConsistencyStep = { fromSize: number; toSize: number; proof: string[] };

export type RegisterProofFile = {
  format: typeof REGISTER_PROOF_FORMAT;
  version: typeof REGISTER_PROOF_VERSION;
  assetId: string;
  createdAt: string;
  platformKey: PublicKeyRef;
  holder: {
    userId: string;
    /** HMAC key of this holder and asset, base64url: reveals the pseudonym, nothing else. */
    assetKey: string;
    pseudonym: string;
    /** Every security app key the holder signed with. */
    keys: PublicKeyRef[];
  };
  /** Every published root of the asset, oldest first; entries are proven in the last. */
  roots: SignedTreeHead[];
  /** consistency[i] links roots[i] to roots[i + 1]. */
  consistency: ConsistencyStep[];
  entries: ProofEntry[];
};

export type RegisterProofInput = {
  /** The asset's whole log in order (at least up to the latest root). */
  entries: readonly RegisterEntry[];
  /** Leaf hashes of the same entries when already stored (saves hashing them again). */
  leafHashes?: readonly Uint8Array[];
  roots: readonly SignedTreeHead[];
  platformPublicKey: Uint8Array;
  holder: { userId: string; assetKey: Uint8Array; publicKeys: readonly Uint8Array[] };
  /** The canonical payload whose SHA-256 (hex) is given, when the holder signed it. */
  signedPayload: (payloadHash: string) => string | undefined;
  createdAt: string;
};

/** Builds a holder's proof file; throws when the log and the roots disagree (never hand out a bad proof). */
export const buildRegisterProof = (input: RegisterProofInput): RegisterProofFile => {
  const latest = input.roots.at(-1);
  if (latest === undefined) throw new Error('no published root yet');
  const assetId = latest.assetId;
  const leafHashes = input.leafHashes ?? input.entries.map(registerEntryHash);
  if (leafHashes.length < latest.treeSize) throw new Error('the log is shorter than the latest root');
  const tree = new MerkleTree(leafHashes.slice(0, latest.treeSize));
  for (const root of input.roots) {
    if (!bytesEqual(tree.root(root.treeSize), treeHeadRoot(root)))
      throw new Error(`root of size ${root.treeSize} does not match the log`);
  }
  const pseudonym = holderPseudonym(input.holder.assetKey, input.holder.userId);
  const keys = input.holder.publicKeys.map((key) => ({ keyId: ed25519KeyId(key), publicKey: toBase64Url(key) }));
  const ownKeyIds = new Set(keys.map((key) => key.keyId));
  const entries = input.entries
    .slice(0, latest.treeSize)
    .filter((entry) => entry.from === pseudonym || entry.to === pseudonym)
    .map((entry) => ({
      entry,
      inclusion: tree.inclusionProof(entry.seq).map(toHex),
      previousInclusion: entry.seq === 0 ? null : tree.inclusionProof(entry.seq - 1).map(toHex),
      signedPayloads: entry.authorisations
        .filter((a) => ownKeyIds.has(a.keyId))
        .flatMap((a) => {
          const payload = input.signedPayload(a.payloadHash);
          return payload === undefined ? [] : [payload];
        }),
    }));
  return {
    format: REGISTER_PROOF_FORMAT,
    version: REGISTER_PROOF_VERSION,
    assetId,
    createdAt: input.createdAt,
    platformKey: { keyId: ed25519KeyId(input.platformPublicKey), publicKey: toBase64Url(input.platformPublicKey) },
    holder: { userId: input.holder.userId, assetKey: toBase64Url(input.holder.assetKey), pseudonym, keys },
    roots: [...input.roots],
    consistency: input.roots.slice(1).map((root, i) => {
      const fromSize = (input.roots[i] as SignedTreeHead).treeSize;
      return { fromSize, toSize: root.treeSize, proof: tree.consistencyProof(fromSize, root.treeSize).map(toHex) };
    }),
    entries,
  };
};

// --- Verification -------------------------------------------------------------------------------

export type HolderMovement = { seq: number; time: string; kind: string; direction: 'in' | 'out'; shares: string };

export type ProofSummary = {
  assetId: string;
  userId: string;
  pseudonym: string;
  platformKeyId: string;
  latestRoot: { treeSize: number; rootHash: string; timestamp: string };
  rootCount: number;
  movements: HolderMovement[];
  /** Shares the entries add up to, decimal. */
  shares: string;
};

export type VerificationReport<Summary> = {
  ok: boolean;
  failures: Failure[];
  passed: Pass[];
  summary: Summary | null;
};

export type VerifyOptions = {
  /** A signed root obtained elsewhere (the public roots page): the proof must agree with it. */
  root?: unknown;
  /** The platform key as published (base64url); the proof must name the same one. */
  platformPublicKey?: string;
};

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const isHexList = (value: unknown): value is string[] => Array.isArray(value) && value.every(isHex32);
const isStringList = (value: unknown): value is string[] =>
  Array.isArray(value) && value.every((item) => typeof item === 'string');

const publicKeyRefProblem = (value: unknown): string | null =>
  isRecord(value) &&
  hasExactKeys(value, ['keyId', 'publicKey']) &&
  isHex32(value.keyId) &&
  typeof value.publicKey === 'string'
    ? null
    : 'a key is not {keyId, publicKey}';

/** Why a value is not shaped like a proof file (contents are checked afterwards), or null. */
export const registerProofShapeProblem = (value: unknown): string | null => {
  if (!isRecord(value)) return 'not a JSON object';
  if (value.format !== REGISTER_PROOF_FORMAT) return `format is not ${REGISTER_PROOF_FORMAT}`;
  if (value.version !== REGISTER_PROOF_VERSION) return `version ${String(value.version)} is not supported`;
  if (
    !hasExactKeys(value, [
      'assetId',
      'consistency',
      'createdAt',
      'entries',
      'format',
      'holder',
      'platformKey',
      'roots',
      'version',
    ])
  )
    return 'top-level fields differ';
  if (!isRegisterId(value.assetId)) return 'assetId is missing';
  if (!isIsoUtcMillis(value.createdAt)) return 'createdAt is not ISO 8601 UTC';
  const keyProblem = publicKeyRefProblem(value.platformKey);
  if (keyProblem !== null) return `platformKey: ${keyProblem}`;
  const holder = value.holder;
  if (!isRecord(holder) || !hasExactKeys(holder, ['assetKey', 'keys', 'pseudonym', 'userId']))
    return 'holder fields differ';
  if (!isRegisterId(holder.userId) || typeof holder.assetKey !== 'string' || !isHex32(holder.pseudonym))
    return 'holder is malformed';
  if (!Array.isArray(holder.keys) || holder.keys.some((key) => publicKeyRefProblem(key) !== null))
    return 'holder keys are malformed';
  if (!Array.isArray(value.roots)) return 'roots is not a list';
  for (const [i, root] of value.roots.entries()) {
    const problem = signedTreeHeadProblem(root);
    if (problem !== null) return `root ${i}: ${problem}`;
  }
  if (!Array.isArray(value.consistency)) return 'consistency is not a list';
  for (const step of value.consistency) {
    if (
      !isRecord(step) ||
      !hasExactKeys(step, ['fromSize', 'proof', 'toSize']) ||
      !Number.isSafeInteger(step.fromSize) ||
      !Number.isSafeInteger(step.toSize) ||
      !isHexList(step.proof)
    )
      return 'a consistency step is malformed';
  }
  if (!Array.isArray(value.entries)) return 'entries is not a list';
  for (const item of value.entries) {
    if (!isRecord(item) || !hasExactKeys(item, ['entry', 'inclusion', 'previousInclusion', 'signedPayloads']))
      return 'an entry item has other fields';
    if (!isHexList(item.inclusion)) return 'an inclusion path is malformed';
    if (item.previousInclusion !== null && !isHexList(item.previousInclusion))
      return 'a previous inclusion path is malformed';
    if (!isStringList(item.signedPayloads)) return 'signedPayloads is not a list of texts';
  }
  return null;
};

const hexes = (list: readonly string[]): Uint8Array[] => list.map((item) => fromHex(item) as Uint8Array);

/** The platform key of a file, checked against its key id and an expected key. */
export const checkPlatformKey = (
  ref: PublicKeyRef,
  expected: string | undefined,
  failures: Failure[],
): Uint8Array | null => {
  const key = parsePublicKey(ref.publicKey);
  if (key === null || ed25519KeyId(key) !== ref.keyId) {
    failures.push({ code: 'PLATFORM_KEY_INVALID', params: {} });
    return null;
  }
  if (expected !== undefined) {
    const wanted = parsePublicKey(expected);
    if (wanted === null || !bytesEqual(wanted, key)) {
      failures.push({ code: 'PLATFORM_KEY_DIFFERS', params: {} });
      return null;
    }
  }
  return key;
};

/** Signatures, asset, key and order of a list of roots; returns true when all hold. */
export const checkRoots = (
  roots: readonly SignedTreeHead[],
  assetId: string,
  platformKeyId: string,
  platformKey: Uint8Array,
  failures: Failure[],
  passed: Pass[],
): boolean => {
  const before = failures.length;
  roots.forEach((root, i) => {
    const params = { treeSize: root.treeSize };
    if (root.assetId !== assetId) failures.push({ code: 'ROOT_OTHER_ASSET', params });
    else if (root.keyId !== platformKeyId) failures.push({ code: 'ROOT_OTHER_KEY', params });
    else if (!verifyTreeHeadSignature(root, platformKey)) failures.push({ code: 'ROOT_SIGNATURE_INVALID', params });
    const previous = roots[i - 1];
    if (previous !== undefined && (root.treeSize < previous.treeSize || root.timestamp <= previous.timestamp))
      failures.push({ code: 'ROOTS_OUT_OF_ORDER', params });
  });
  if (failures.length === before) passed.push({ code: 'ROOTS_SIGNED', params: { count: roots.length } });
  return failures.length === before;
};

/** A root given from elsewhere, compared with a verified list of published roots. */
const checkExternalRoot = (
  value: unknown,
  roots: readonly SignedTreeHead[],
  platformKey: Uint8Array,
  failures: Failure[],
  passed: Pass[],
): void => {
  const problem = signedTreeHeadProblem(value);
  if (problem !== null || !isSignedTreeHead(value)) {
    failures.push({ code: 'EXTERNAL_ROOT_MALFORMED', params: { detail: problem ?? 'malformed' } });
    return;
  }
  const latest = roots.at(-1) as SignedTreeHead;
  if (value.assetId !== latest.assetId) failures.push({ code: 'EXTERNAL_ROOT_OTHER_ASSET', params: {} });
  else if (!verifyTreeHeadSignature(value, platformKey))
    failures.push({ code: 'EXTERNAL_ROOT_SIGNATURE_INVALID', params: {} });
  else if (value.treeSize > latest.treeSize)
    failures.push({ code: 'EXTERNAL_ROOT_NEWER', params: { treeSize: value.treeSize, latestSize: latest.treeSize } });
  else {
    const sameSize = roots.filter((root) => root.treeSize === value.treeSize);
    if (sameSize.length === 0) failures.push({ code: 'EXTERNAL_ROOT_UNKNOWN', params: { treeSize: value.treeSize } });
    else if (sameSize.some((root) => root.rootHash !== value.rootHash))
      failures.push({ code: 'EXTERNAL_ROOT_CONFLICT', params: { treeSize: value.treeSize } });
    else passed.push({ code: 'EXTERNAL_ROOT_MATCHES', params: { treeSize: value.treeSize } });
  }
};

/**
 * Checks a proof file completely: shape, platform key, every root's signature and order, the
 * consistency proofs between them, the holder's pseudonym and keys, each entry's inclusion in the
 * latest root and its link to the entry before, the holder's signatures over their requests, the
 * running holding, and (optionally) agreement with a root obtained elsewhere. Never throws.
 */
export const verifyRegisterProof = (value: unknown, options: VerifyOptions = {}): VerificationReport<ProofSummary> => {
  const failures: Failure[] = [];
  const passed: Pass[] = [];
  const shapeProblem = registerProofShapeProblem(value);
  if (shapeProblem !== null)
    return { ok: false, failures: [{ code: 'FILE_FORMAT', params: { detail: shapeProblem } }], passed, summary: null };
  const file = value as RegisterProofFile;

  const platformKey = checkPlatformKey(file.platformKey, options.platformPublicKey, failures);
  if (platformKey === null) return { ok: false, failures, passed, summary: null };
  const latest = file.roots.at(-1);
  if (latest === undefined) return { ok: false, failures: [{ code: 'NO_ROOT', params: {} }], passed, summary: null };
  checkRoots(file.roots, file.assetId, file.platformKey.keyId, platformKey, failures, passed);

  // Consistency: each published root extends the one before.
  const consistencyBefore = failures.length;
  file.roots.slice(1).forEach((root, i) => {
    const previous = file.roots[i] as SignedTreeHead;
    const step = file.consistency[i];
    const params = { fromSize: previous.treeSize, toSize: root.treeSize };
    if (step === undefined || step.fromSize !== previous.treeSize || step.toSize !== root.treeSize)
      failures.push({ code: 'CONSISTENCY_MISSING', params });
    else if (
      !verifyConsistency(
        previous.treeSize,
        root.treeSize,
        treeHeadRoot(previous),
        treeHeadRoot(root),
        hexes(step.proof),
      )
    )
      failures.push({ code: 'CONSISTENCY_INVALID', params });
  });
  if (file.consistency.length !== Math.max(0, file.roots.length - 1))
    failures.push({ code: 'FILE_FORMAT', params: { detail: 'consistency steps do not pair the roots' } });
  if (failures.length === consistencyBefore && file.roots.length > 1)
    passed.push({ code: 'ROOTS_CONSISTENT', params: { count: file.roots.length - 1 } });

  // The holder: pseudonym from asset key and user id; keys from their ids.
  const assetKey = fromBase64Url(file.holder.assetKey);
  if (assetKey === null || holderPseudonym(assetKey, file.holder.userId) !== file.holder.pseudonym)
    failures.push({ code: 'PSEUDONYM_MISMATCH', params: {} });
  else passed.push({ code: 'PSEUDONYM_OK', params: {} });
  const holderKeys = new Map<string, Uint8Array>();
  for (const ref of file.holder.keys) {
    const key = parsePublicKey(ref.publicKey);
    if (key === null || ed25519KeyId(key) !== ref.keyId) failures.push({ code: 'HOLDER_KEY_INVALID', params: {} });
    else holderKeys.set(ref.keyId, key);
  }

  // The entries.
  const latestRoot = treeHeadRoot(latest);
  let included = 0;
  let linked = 0;
  let signatures = 0;
  let holding = 0n;
  let lastSeq = -1;
  let lastOwnSeq: number | null = null;
  const movements: HolderMovement[] = [];
  file.entries.forEach((item, position) => {
    const problem = registerEntryProblem(item.entry);
    if (problem !== null) {
      failures.push({ code: 'ENTRY_MALFORMED', params: { position: position + 1, detail: problem } });
      return;
    }
    const entry = item.entry;
    const seq = entry.seq;
    if (entry.assetId !== file.assetId) failures.push({ code: 'ENTRY_OTHER_ASSET', params: { seq } });
    if (seq <= lastSeq) failures.push({ code: 'ENTRY_ORDER', params: { seq } });
    lastSeq = Math.max(lastSeq, seq);
    if (seq >= latest.treeSize) {
      failures.push({ code: 'ENTRY_BEYOND_ROOT', params: { seq, treeSize: latest.treeSize } });
      return;
    }
    const incoming = entry.to === file.holder.pseudonym;
    const outgoing = entry.from === file.holder.pseudonym;
    if (!incoming && !outgoing) failures.push({ code: 'ENTRY_NOT_HOLDERS', params: { seq } });
    else {
      // The holder's own entries chain inside the log: each names the one before.
      const pointer = incoming ? entry.toPrevious : entry.fromPrevious;
      if (pointer !== lastOwnSeq) failures.push({ code: 'ENTRY_MISSING', params: { seq } });
      lastOwnSeq = seq;
    }

    if (verifyInclusion(seq, latest.treeSize, registerEntryHash(entry), hexes(item.inclusion), latestRoot))
      included += 1;
    else failures.push({ code: 'INCLUSION_INVALID', params: { seq, treeSize: latest.treeSize } });

    if (seq > 0) {
      const prev = fromHex(entry.prev) as Uint8Array;
      if (
        item.previousInclusion !== null &&
        verifyInclusion(seq - 1, latest.treeSize, prev, hexes(item.previousInclusion), latestRoot)
      )
        linked += 1;
      else failures.push({ code: 'CHAIN_BROKEN', params: { seq } });
    } else if (item.previousInclusion !== null) failures.push({ code: 'CHAIN_BROKEN', params: { seq } });
    else linked += 1;

    // The holder's own signatures over what they approved.
    const own = entry.authorisations.filter((a) => holderKeys.has(a.keyId));
    if (SIGNED_ENTRY_KINDS.has(entry.kind) && own.length === 0)
      failures.push({ code: 'OWN_SIGNATURE_MISSING', params: { seq } });
    for (const authorisation of own) {
      const payload = item.signedPayloads.find((text) => sha256Hex(utf8(text)) === authorisation.payloadHash);
      if (payload === undefined) {
        failures.push({ code: 'PAYLOAD_MISSING', params: { seq } });
        continue;
      }
      const fields = parseCanonicalSigningPayload(payload);
      if (fields === null) failures.push({ code: 'PAYLOAD_NOT_CANONICAL', params: { seq } });
      else if (
        !verifyEd25519(holderKeys.get(authorisation.keyId) as Uint8Array, utf8(payload), authorisation.signature)
      )
        failures.push({ code: 'INVESTOR_SIGNATURE_INVALID', params: { seq } });
      else if (fields.userId !== file.holder.userId) failures.push({ code: 'PAYLOAD_OTHER_USER', params: { seq } });
      else if (fields.assetId !== undefined && fields.assetId !== file.assetId)
        failures.push({ code: 'PAYLOAD_OTHER_ASSET', params: { seq } });
      else signatures += 1;
    }

    const shares = BigInt(entry.shares);
    if (incoming !== outgoing) {
      holding += incoming ? shares : -shares;
      movements.push({
        seq,
        time: entry.time,
        kind: entry.kind,
        direction: incoming ? 'in' : 'out',
        shares: entry.shares,
      });
      if (holding < 0n) failures.push({ code: 'NEGATIVE_HOLDING', params: { seq } });
    }
  });
  if (included > 0) passed.push({ code: 'ENTRIES_INCLUDED', params: { count: included } });
  if (linked > 0) passed.push({ code: 'CHAIN_LINKED', params: { count: linked } });
  if (signatures > 0) passed.push({ code: 'OWN_SIGNATURES', params: { count: signatures } });

  if (options.root !== undefined) checkExternalRoot(options.root, file.roots, platformKey, failures, passed);

  return {
    ok: failures.length === 0,
    failures,
    passed,
    summary: {
      assetId: file.assetId,
      userId: file.holder.userId,
      pseudonym: file.holder.pseudonym,
      platformKeyId: file.platformKey.keyId,
      latestRoot: { treeSize: latest.treeSize, rootHash: latest.rootHash, timestamp: latest.timestamp },
      rootCount: file.roots.length,
      movements,
      shares: holding.toString(),
    },
  };
};

/** Hash used to name a signed payload in an entry. */
export const signedPayloadHash = (canonicalPayload: string): string => toHex(sha256(utf8(canonicalPayload)));
