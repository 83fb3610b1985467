/**
 * One entry of the share register (issue 39, ADR 0044): a movement of shares of one asset from
 * one party to another, with the signed requests that authorised it, its place in the asset's log
 * and the hash of the entry before it. Its leaf in the asset's Merkle tree is the UTF-8 of its
 * canonical JSON; its hash is that leaf's RFC 6962 leaf hash. An entry holds no name, IBAN or
 * amount of money: holders appear as per-asset pseudonyms, requests as the hash of what was signed.
 */
import { hmac } from '@noble/hashes/hmac.js';
import { sha256 as nobleSha256 } from '@noble/hashes/sha2.js';
import { fromBase64Url, toBase64Url, toHex, utf8 } from './bytes.js';
import { canonicalBytes, canonicalJson } from './hash.js';
import { leafHash } from './merkle.js';

export const REGISTER_ENTRY_PROTOCOL = 'brickwise.register.entry.v1';

/**
 * purchase: the issuer's shares to an investor (primary market); trade: investor to investor
 * (bulletin board); cancellation: back to the issuer; issuance: the issuer's shares to an investor
 * without a purchase (operator allocation); correction: an operator's correcting movement.
 */
export const registerEntryKinds = ['purchase', 'trade', 'cancellation', 'issuance', 'correction'] as const;
export type RegisterEntryKind = (typeof registerEntryKinds)[number];

/** Kinds that only an investor's signed request can cause. */
export const SIGNED_ENTRY_KINDS: ReadonlySet<RegisterEntryKind> = new Set(['purchase', 'trade']);

/** The issuer's side of an asset (its unsold shares); every other party is a holder pseudonym. */
export const REGISTER_ISSUER = 'issuer';

/** The `prev` of the first entry of a log. */
export const GENESIS_PREV = '0'.repeat(64);

export type RegisterAuthorisation = {
  /** SHA-256 of the signer's raw Ed25519 public key, hex. */
  keyId: string;
  /** SHA-256 of the canonical signed payload's UTF-8 bytes, hex (the payload itself holds money figures). */
  payloadHash: string;
  /** Ed25519 signature over the canonical payload, base64url. */
  signature: string;
};

export type RegisterEntry = {
  protocol: typeof REGISTER_ENTRY_PROTOCOL;
  assetId: string;
  /** 0-based place in the asset's log, equal to the entry's leaf index in the asset's Merkle tree. */
  seq: number;
  /** ISO 8601 UTC with milliseconds: when the movement was booked. */
  time: string;
  kind: RegisterEntryKind;
  from: string;
  to: string;
  /**
   * The seq of the previous entry of the same holder in this log (null for the holder's first, and
   * always null for the issuer). A holder's entries thus form a chain inside the log, so a proof
   * file that leaves one out no longer links up.
   */
  fromPrevious: number | null;
  toPrevious: number | null;
  /** A positive integer in decimal digits. */
  shares: string;
  authorisations: RegisterAuthorisation[];
  /** Hash of the entry at seq − 1 (hex), GENESIS_PREV for seq 0. */
  prev: string;
  /**
   * 128 random bits, base64url: every leaf holds something nobody can guess, so an audit path's
   * sibling hashes cannot be reversed by trying shares and times of a known pseudonym.
   */
  nonce: string;
};

const HEX64 = /^[0-9a-f]{64}$/;
const SHARES = /^[1-9][0-9]{0,17}$/;
const NONCE = /^[A-Za-z0-9_-]{22}$/;
const ISO_UTC_MS = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const ENTRY_KEYS = [
  'assetId',
  'authorisations',
  'from',
  'fromPrevious',
  'kind',
  'nonce',
  'prev',
  'protocol',
  'seq',
  'shares',
  'time',
  'to',
  'toPrevious',
];
const AUTHORISATION_KEYS = ['keyId', 'payloadHash', 'signature'];
export const REGISTER_ID_MAX_LENGTH = 200;

export const isPseudonym = (party: string): boolean => HEX64.test(party);
export const isHex32 = (text: unknown): text is string => typeof text === 'string' && HEX64.test(text);
export const isIsoUtcMillis = (text: unknown): text is string =>
  typeof text === 'string' &&
  ISO_UTC_MS.test(text) &&
  !Number.isNaN(Date.parse(text)) &&
  new Date(text).toISOString() === text;
const isParty = (value: unknown): value is string =>
  typeof value === 'string' && (value === REGISTER_ISSUER || isPseudonym(value));

const isPreviousSeq = (value: unknown, seq: number): boolean =>
  value === null || (typeof value === 'number' && Number.isSafeInteger(value) && value >= 0 && value < seq);

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** True when the object has exactly these keys. */
export const hasExactKeys = (value: Record<string, unknown>, keys: readonly string[]): boolean => {
  const own = Object.keys(value);
  return own.length === keys.length && own.every((key) => keys.includes(key));
};

export const isRegisterId = (value: unknown): value is string =>
  typeof value === 'string' && value.length > 0 && value.length <= REGISTER_ID_MAX_LENGTH;

const authorisationProblem = (value: unknown): string | null => {
  if (!isRecord(value) || !hasExactKeys(value, AUTHORISATION_KEYS)) return 'an authorisation has other fields';
  if (!isHex32(value.keyId)) return 'keyId is not 64 hex digits';
  if (!isHex32(value.payloadHash)) return 'payloadHash is not 64 hex digits';
  const text = value.signature;
  const signature = typeof text === 'string' && !text.endsWith('=') ? fromBase64Url(text) : null;
  if (signature === null || signature.length !== 64) return 'signature is not 64 bytes of base64url';
  return null;
};

/** Why a value is not a well-formed register entry, or null when it is one. */
export const registerEntryProblem = (value: unknown): string | null => {
  if (!isRecord(value)) return 'not an object';
  if (!hasExactKeys(value, ENTRY_KEYS)) return 'fields differ from an entry’s';
  if (value.protocol !== REGISTER_ENTRY_PROTOCOL) return 'unknown protocol';
  if (!isRegisterId(value.assetId)) return 'assetId is missing or too long';
  if (typeof value.seq !== 'number' || !Number.isSafeInteger(value.seq) || value.seq < 0)
    return 'seq is not a whole number';
  if (!isIsoUtcMillis(value.time)) return 'time is not ISO 8601 UTC with milliseconds';
  if (typeof value.kind !== 'string' || !(registerEntryKinds as readonly string[]).includes(value.kind))
    return 'unknown kind';
  if (!isParty(value.from) || !isParty(value.to)) return 'from/to is neither the issuer nor a pseudonym';
  if (value.from === value.to) return 'from and to are the same party';
  if (typeof value.shares !== 'string' || !SHARES.test(value.shares)) return 'shares is not a positive integer';
  for (const side of ['from', 'to'] as const) {
    const previous = value[`${side}Previous`];
    if (value[side] === REGISTER_ISSUER ? previous !== null : !isPreviousSeq(previous, value.seq))
      return `${side}Previous is not null or an earlier seq`;
  }
  if (!isHex32(value.prev)) return 'prev is not 64 hex digits';
  if (typeof value.nonce !== 'string' || !NONCE.test(value.nonce) || fromBase64Url(value.nonce) === null)
    return 'nonce is not 16 bytes of base64url';
  if ((value.seq === 0) !== (value.prev === GENESIS_PREV)) return 'prev does not fit seq';
  if (!Array.isArray(value.authorisations)) return 'authorisations is not a list';
  for (const authorisation of value.authorisations) {
    const problem = authorisationProblem(authorisation);
    if (problem !== null) return problem;
  }
  const kind = value.kind as RegisterEntryKind;
  if (SIGNED_ENTRY_KINDS.has(kind) && value.authorisations.length === 0) return `a ${kind} needs a signed request`;
  const fromIssuer = value.from === REGISTER_ISSUER;
  const toIssuer = value.to === REGISTER_ISSUER;
  const shapeFits =
    kind === 'purchase' || kind === 'issuance'
      ? fromIssuer && !toIssuer
      : kind === 'cancellation'
        ? !fromIssuer && toIssuer
        : kind === 'trade'
          ? !fromIssuer && !toIssuer
          : true;
  if (!shapeFits) return `from/to do not fit a ${kind}`;
  return null;
};

export const isRegisterEntry = (value: unknown): value is RegisterEntry => registerEntryProblem(value) === null;

/** The Merkle leaf of an entry: the UTF-8 of its canonical JSON. */
export const registerEntryLeaf = (entry: RegisterEntry): Uint8Array => canonicalBytes(entry);

/** The entry's hash: RFC 6962 leaf hash of its leaf. The next entry's `prev` and the tree use it. */
export const registerEntryHash = (entry: RegisterEntry): Uint8Array => leafHash(registerEntryLeaf(entry));

export const registerEntryHashHex = (entry: RegisterEntry): string => toHex(registerEntryHash(entry));

export type NewRegisterEntry = Omit<RegisterEntry, 'protocol' | 'seq' | 'prev'>;

/** A fresh entry nonce (Web Crypto's random source, in Node and browsers alike). */
export const newRegisterNonce = (): string => toBase64Url(globalThis.crypto.getRandomValues(new Uint8Array(16)));

/** Where an asset's log stands: its last entry's seq and hash (what the server keeps per asset). */
export type RegisterHead = { assetId: string; seq: number; hash: string };

export const registerHeadOf = (entry: RegisterEntry): RegisterHead => ({
  assetId: entry.assetId,
  seq: entry.seq,
  hash: registerEntryHashHex(entry),
});

/**
 * The entry that follows `head` (null for an asset's first): seq and prev filled in, checked. The
 * one place entries are made, so the chain cannot be built two ways.
 */
export const nextRegisterEntry = (head: RegisterHead | null, fields: NewRegisterEntry): RegisterEntry => {
  if (head !== null && head.assetId !== fields.assetId) throw new Error('an asset’s log holds only its own entries');
  const entry: RegisterEntry = {
    protocol: REGISTER_ENTRY_PROTOCOL,
    assetId: fields.assetId,
    seq: head === null ? 0 : head.seq + 1,
    time: fields.time,
    kind: fields.kind,
    from: fields.from,
    to: fields.to,
    fromPrevious: fields.fromPrevious,
    toPrevious: fields.toPrevious,
    shares: fields.shares,
    authorisations: fields.authorisations.map((a) => ({
      keyId: a.keyId,
      payloadHash: a.payloadHash,
      signature: a.signature,
    })),
    prev: head === null ? GENESIS_PREV : head.hash,
    nonce: fields.nonce,
  };
  const problem = registerEntryProblem(entry);
  if (problem !== null) throw new Error(`not a register entry: ${problem}`);
  return entry;
};

// --- Entries completed by the database -----------------------------------------------------------

/**
 * The fields of an entry that only its place in the log decides: the log's head (`seq`, `prev`)
 * and the two holders' last entries (`fromPrevious`, `toPrevious`), read under the head's lock.
 */
export const REGISTER_ENTRY_SLOTS = ['fromPrevious', 'prev', 'seq', 'toPrevious'] as const;
export type RegisterEntrySlot = (typeof REGISTER_ENTRY_SLOTS)[number];

/**
 * An entry's canonical JSON with its slots cut out: `parts[0] slot[0] parts[1] … slot[n-1] parts[n]`,
 * each slot's value written as canonical JSON (a decimal, `null`, a quoted hex hash). The server
 * prepares it before it takes the log's lock and PostgreSQL fills it in (`register_append`,
 * migration 0058; ADR 0054), so the text is exactly `canonicalJson(nextRegisterEntry(…))`.
 */
export type RegisterEntryTemplate = { parts: string[]; slots: RegisterEntrySlot[] };

export type RegisterEntrySlotValues = {
  seq: number;
  prev: string;
  fromPrevious: number | null;
  toPrevious: number | null;
};

const isSlot = (key: string): key is RegisterEntrySlot => (REGISTER_ENTRY_SLOTS as readonly string[]).includes(key);

/**
 * The template of the entry `fields` describe, wherever in the log it lands. The fields are checked
 * as `nextRegisterEntry` checks them (at a place after the log's start, where every slot can hold
 * what the log gives it); the top level is written as `canonicalJson` writes an object.
 */
export const registerEntryTemplate = (
  fields: Omit<NewRegisterEntry, 'fromPrevious' | 'toPrevious'>,
): RegisterEntryTemplate => {
  const entry = nextRegisterEntry(
    { assetId: fields.assetId, seq: 0, hash: GENESIS_PREV.replaceAll('0', 'f') },
    { ...fields, fromPrevious: null, toPrevious: null },
  );
  const parts: string[] = [];
  const slots: RegisterEntrySlot[] = [];
  let text = '{';
  for (const [index, key] of Object.keys(entry).sort().entries()) {
    text += `${index === 0 ? '' : ','}${JSON.stringify(key)}:`;
    if (isSlot(key)) {
      parts.push(text);
      slots.push(key);
      text = '';
    } else {
      text += canonicalJson(entry[key as keyof RegisterEntry]);
    }
  }
  parts.push(`${text}}`);
  return { parts, slots };
};

/** The entry's canonical JSON from its template (what `register_append` computes in PostgreSQL). */
export const fillRegisterEntryTemplate = (template: RegisterEntryTemplate, values: RegisterEntrySlotValues): string =>
  template.slots.reduce(
    (text, slot, index) => `${text}${canonicalJson(values[slot])}${template.parts[index + 1] ?? ''}`,
    template.parts[0] ?? '',
  );

// --- Pseudonyms ---------------------------------------------------------------------------------

const ASSET_KEY_CONTEXT = 'brickwise.register.asset-key.v1\n';
const PSEUDONYM_CONTEXT = 'brickwise.register.holder.v1\n';
export const HOLDER_SECRET_BYTES = 32;

/**
 * A holder's key for one asset: HMAC-SHA256(holder secret, context ‖ asset id). The platform keeps
 * one random 32-byte secret per holder and never publishes it; a proof file reveals only the key of
 * its own asset, so it links the holder to nothing in another asset's log.
 */
export const holderAssetKey = (holderSecret: Uint8Array, assetId: string): Uint8Array => {
  if (holderSecret.length !== HOLDER_SECRET_BYTES) throw new RangeError('a holder secret has 32 bytes');
  return hmac(nobleSha256, holderSecret, utf8(`${ASSET_KEY_CONTEXT}${assetId}`));
};

/**
 * A holder's pseudonym in one asset's log: HMAC-SHA256(asset key, context ‖ user id), hex. Without
 * the asset key nobody can tell whose it is, even knowing every user id; with it (in the holder's
 * own proof file) anyone can check that it belongs to the user id the holder's signatures name.
 */
export const holderPseudonym = (assetKey: Uint8Array, userId: string): string =>
  toHex(hmac(nobleSha256, assetKey, utf8(`${PSEUDONYM_CONTEXT}${userId}`)));
