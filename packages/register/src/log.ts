/**
 * The whole log of one asset (format `brickwise.register.log`, version 1): every entry in order
 * and every published root. For auditors and the issuer's own shareholder register: verifying it
 * rebuilds the hash chain and the Merkle tree from scratch and compares each signed root, and adds
 * up each holder's shares.
 */
import { bytesEqual, toBase64Url, toHex } from './bytes.js';
import {
  hasExactKeys,
  isIsoUtcMillis,
  isRegisterId,
  type NewRegisterEntry,
  newRegisterNonce,
  nextRegisterEntry,
  REGISTER_ISSUER,
  type RegisterEntry,
  registerEntryHash,
  registerEntryProblem,
} from './entry.js';
import { MerkleTree } from './merkle.js';
import type { Failure, Pass } from './messages.js';
import {
  checkPlatformKey,
  checkRoots,
  type PublicKeyRef,
  type VerificationReport,
  type VerifyOptions,
} from './proof.js';
import { ed25519KeyId } from './signatures.js';
import {
  REGISTER_TREE_HEAD_PROTOCOL,
  type SignedTreeHead,
  signedTreeHeadProblem,
  type TreeHead,
  treeHeadRoot,
} from './tree-head.js';

export const REGISTER_LOG_FORMAT = 'brickwise.register.log';
export const REGISTER_LOG_VERSION = 1;

export type RegisterLogFile = {
  format: typeof REGISTER_LOG_FORMAT;
  version: typeof REGISTER_LOG_VERSION;
  assetId: string;
  createdAt: string;
  platformKey: PublicKeyRef;
  roots: SignedTreeHead[];
  entries: RegisterEntry[];
};

export const buildRegisterLog = (input: {
  assetId: string;
  createdAt: string;
  platformPublicKey: Uint8Array;
  roots: readonly SignedTreeHead[];
  entries: readonly RegisterEntry[];
}): RegisterLogFile => ({
  format: REGISTER_LOG_FORMAT,
  version: REGISTER_LOG_VERSION,
  assetId: input.assetId,
  createdAt: input.createdAt,
  platformKey: { keyId: ed25519KeyId(input.platformPublicKey), publicKey: toBase64Url(input.platformPublicKey) },
  roots: [...input.roots],
  entries: [...input.entries],
});

export type LogSummary = {
  assetId: string;
  platformKeyId: string;
  entries: number;
  rootCount: number;
  latestRoot: { treeSize: number; rootHash: string; timestamp: string } | null;
  /** Head of the chain: the hash of the last entry, hex (what the next entry's prev must be). */
  headHash: string | null;
  /** Shares per holder pseudonym after the last entry, decimal; holders with none are left out. */
  holdings: Record<string, string>;
};

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

export const registerLogShapeProblem = (value: unknown): string | null => {
  if (!isRecord(value)) return 'not a JSON object';
  if (value.format !== REGISTER_LOG_FORMAT) return `format is not ${REGISTER_LOG_FORMAT}`;
  if (value.version !== REGISTER_LOG_VERSION) return `version ${String(value.version)} is not supported`;
  if (!hasExactKeys(value, ['assetId', 'createdAt', 'entries', 'format', 'platformKey', 'roots', 'version']))
    return 'top-level fields differ';
  if (!isRegisterId(value.assetId)) return 'assetId is missing';
  if (!isIsoUtcMillis(value.createdAt)) return 'createdAt is not ISO 8601 UTC';
  const key = value.platformKey;
  if (
    !isRecord(key) ||
    !hasExactKeys(key, ['keyId', 'publicKey']) ||
    typeof key.keyId !== 'string' ||
    typeof key.publicKey !== 'string'
  )
    return 'platformKey is malformed';
  if (!Array.isArray(value.roots)) return 'roots is not a list';
  for (const [i, root] of value.roots.entries()) {
    const problem = signedTreeHeadProblem(root);
    if (problem !== null) return `root ${i}: ${problem}`;
  }
  if (!Array.isArray(value.entries)) return 'entries is not a list';
  return null;
};

/** Checks a whole log: every entry, the chain, each signed root recomputed, no holding below zero. Never throws. */
export const verifyRegisterLog = (value: unknown, options: VerifyOptions = {}): VerificationReport<LogSummary> => {
  const failures: Failure[] = [];
  const passed: Pass[] = [];
  const shapeProblem = registerLogShapeProblem(value);
  if (shapeProblem !== null)
    return { ok: false, failures: [{ code: 'FILE_FORMAT', params: { detail: shapeProblem } }], passed, summary: null };
  const file = value as RegisterLogFile;
  const platformKey = checkPlatformKey(file.platformKey, options.platformPublicKey, failures);
  if (platformKey === null) return { ok: false, failures, passed, summary: null };
  checkRoots(file.roots, file.assetId, file.platformKey.keyId, platformKey, failures, passed);

  const leafHashes: Uint8Array[] = [];
  const holdings = new Map<string, bigint>();
  const lastSeqOf = new Map<string, number>();
  let previousHash: Uint8Array | null = null;
  file.entries.forEach((entry, position) => {
    const problem = registerEntryProblem(entry);
    if (problem !== null) {
      failures.push({ code: 'ENTRY_MALFORMED', params: { position: position + 1, detail: problem } });
      leafHashes.push(new Uint8Array(32));
      previousHash = null;
      return;
    }
    const hash = registerEntryHash(entry);
    leafHashes.push(hash);
    if (entry.assetId !== file.assetId) failures.push({ code: 'ENTRY_OTHER_ASSET', params: { seq: entry.seq } });
    if (entry.seq !== position) failures.push({ code: 'LOG_SEQUENCE', params: { position, seq: entry.seq } });
    else if (position > 0 && (previousHash === null || toHex(previousHash) !== entry.prev))
      failures.push({ code: 'CHAIN_BROKEN', params: { seq: entry.seq } });
    previousHash = hash;
    for (const [party, pointer] of [
      [entry.from, entry.fromPrevious],
      [entry.to, entry.toPrevious],
    ] as const) {
      if (party === REGISTER_ISSUER) continue;
      if ((lastSeqOf.get(party) ?? null) !== pointer)
        failures.push({ code: 'ENTRY_MISSING', params: { seq: entry.seq } });
      lastSeqOf.set(party, entry.seq);
    }
    const shares = BigInt(entry.shares);
    if (entry.from !== REGISTER_ISSUER) {
      const left = (holdings.get(entry.from) ?? 0n) - shares;
      holdings.set(entry.from, left);
      if (left < 0n) failures.push({ code: 'NEGATIVE_HOLDING', params: { seq: entry.seq } });
    }
    if (entry.to !== REGISTER_ISSUER) holdings.set(entry.to, (holdings.get(entry.to) ?? 0n) + shares);
  });

  const tree = new MerkleTree(leafHashes);
  const rootsBefore = failures.length;
  for (const root of file.roots) {
    if (root.treeSize > tree.size)
      failures.push({ code: 'LOG_TOO_SHORT', params: { entries: tree.size, treeSize: root.treeSize } });
    else if (!bytesEqual(tree.root(root.treeSize), treeHeadRoot(root)))
      failures.push({ code: 'LOG_ROOT_MISMATCH', params: { treeSize: root.treeSize } });
  }
  if (failures.length === 0 && rootsBefore === 0)
    passed.push({ code: 'LOG_RECOMPUTED', params: { entries: file.entries.length, roots: file.roots.length } });

  const latest = file.roots.at(-1);
  return {
    ok: failures.length === 0,
    failures,
    passed,
    summary: {
      assetId: file.assetId,
      platformKeyId: file.platformKey.keyId,
      entries: file.entries.length,
      rootCount: file.roots.length,
      latestRoot:
        latest === undefined
          ? null
          : { treeSize: latest.treeSize, rootHash: latest.rootHash, timestamp: latest.timestamp },
      headHash: tree.size === 0 ? null : toHex(tree.leafHashAt(tree.size - 1)),
      holdings: Object.fromEntries(
        [...holdings].filter(([, shares]) => shares !== 0n).map(([party, shares]) => [party, shares.toString()]),
      ),
    },
  };
};

/**
 * An asset's log in memory: appends entries with seq, prev and the holders' previous pointers
 * filled in, and keeps leaf hashes and holdings. Tests, benchmarks and demo tools build histories
 * with it; the server keeps the same state in its tables.
 */
export class RegisterLogBuilder {
  readonly entries: RegisterEntry[] = [];
  readonly leafHashes: Uint8Array[] = [];
  private readonly lastSeqOf = new Map<string, number>();
  private readonly holdingOf = new Map<string, bigint>();

  constructor(readonly assetId: string) {}

  append(
    fields: Omit<NewRegisterEntry, 'assetId' | 'fromPrevious' | 'toPrevious' | 'nonce'> & { nonce?: string },
  ): RegisterEntry {
    const previousOf = (party: string): number | null =>
      party === REGISTER_ISSUER ? null : (this.lastSeqOf.get(party) ?? null);
    const last = this.leafHashes.length - 1;
    const head =
      last < 0 ? null : { assetId: this.assetId, seq: last, hash: toHex(this.leafHashes[last] as Uint8Array) };
    const entry = nextRegisterEntry(head, {
      ...fields,
      nonce: fields.nonce ?? newRegisterNonce(),
      assetId: this.assetId,
      fromPrevious: previousOf(fields.from),
      toPrevious: previousOf(fields.to),
    });
    const shares = BigInt(entry.shares);
    if (entry.from !== REGISTER_ISSUER) {
      const left = this.holding(entry.from) - shares;
      if (left < 0n) throw new Error('a holder cannot give more shares than they hold');
      this.holdingOf.set(entry.from, left);
      this.lastSeqOf.set(entry.from, entry.seq);
    }
    if (entry.to !== REGISTER_ISSUER) {
      this.holdingOf.set(entry.to, this.holding(entry.to) + shares);
      this.lastSeqOf.set(entry.to, entry.seq);
    }
    this.entries.push(entry);
    this.leafHashes.push(registerEntryHash(entry));
    return entry;
  }

  holding(party: string): bigint {
    return this.holdingOf.get(party) ?? 0n;
  }

  get size(): number {
    return this.entries.length;
  }

  /** The head to sign for the log as it stands (or at an earlier size). */
  treeHead(timestamp: string, keyId: string, size: number = this.size): TreeHead {
    return {
      protocol: REGISTER_TREE_HEAD_PROTOCOL,
      assetId: this.assetId,
      treeSize: size,
      rootHash: toHex(new MerkleTree(this.leafHashes.slice(0, size)).root()),
      timestamp,
      keyId,
    };
  }
}
