/**
 * Test histories for the register: investors with security app keys and holder secrets, share
 * movements with properly signed requests, and signed roots at chosen sizes. Deterministic for a
 * given list of moves, so a property test's counterexample can be replayed.
 */
import { canonicalSigningPayload, SIGNING_PROTOCOL } from '@bw/domain';
import { toBase64Url, toHex, utf8 } from './bytes.js';
import { holderAssetKey, holderPseudonym, REGISTER_ISSUER, type RegisterAuthorisation } from './entry.js';
import { sha256 } from './hash.js';
import { buildRegisterLog, RegisterLogBuilder } from './log.js';
import { buildRegisterProof, type RegisterProofFile } from './proof.js';
import { ed25519KeyId, ed25519PublicKey, signEd25519 } from './signatures.js';
import { type SignedTreeHead, signTreeHead } from './tree-head.js';

export type Move =
  | { kind: 'purchase'; to: number; shares: number }
  | { kind: 'trade'; from: number; to: number; shares: number }
  | { kind: 'cancellation'; from: number; shares: number };

const seedOf = (label: string): Uint8Array => sha256(utf8(`register-test-seed:${label}`));

export const PLATFORM_SEED = seedOf('platform');
export const PLATFORM_PUBLIC_KEY = ed25519PublicKey(PLATFORM_SEED);
export const PLATFORM_KEY_ID = ed25519KeyId(PLATFORM_PUBLIC_KEY);
export const ASSET_ID = 'a5e1c0de-0000-4000-8000-000000000001';

export type TestInvestor = {
  userId: string;
  seed: Uint8Array;
  publicKey: Uint8Array;
  keyId: string;
  assetKey: Uint8Array;
  pseudonym: string;
};

export const investor = (i: number, assetId = ASSET_ID): TestInvestor => {
  const seed = seedOf(`investor-${i}`);
  const publicKey = ed25519PublicKey(seed);
  const userId = `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`;
  const assetKey = holderAssetKey(seedOf(`holder-secret-${i}`), assetId);
  return {
    userId,
    seed,
    publicKey,
    keyId: ed25519KeyId(publicKey),
    assetKey,
    pseudonym: holderPseudonym(assetKey, userId),
  };
};

const timeAt = (step: number): string => new Date(Date.UTC(2026, 4, 4, 8, 0, 0) + step * 61_000).toISOString();

export type TestHistory = {
  log: RegisterLogBuilder;
  investors: TestInvestor[];
  payloads: Map<string, string>;
  roots: SignedTreeHead[];
};

/** Signs a request the way the security app does and returns its authorisation for an entry. */
const authorise = (
  who: TestInvestor,
  fields: Record<string, string>,
  payloads: Map<string, string>,
  step: number,
): RegisterAuthorisation => {
  const payload = canonicalSigningPayload({
    protocol: SIGNING_PROTOCOL,
    requestId: `req-${step}-${who.userId}`,
    userId: who.userId,
    nonce: toBase64Url(sha256(utf8(`nonce-${step}-${who.userId}`)).slice(0, 16)),
    expiresAt: timeAt(step + 10),
    ...fields,
  });
  const payloadHash = toHex(sha256(utf8(payload)));
  payloads.set(payloadHash, payload);
  return { keyId: who.keyId, payloadHash, signature: toBase64Url(signEd25519(who.seed, utf8(payload))) };
};

/**
 * Plays the moves (a move a holder cannot afford becomes a purchase instead) and signs a root
 * after each size listed in `rootsAt` (sizes past the end are capped; repeats dropped).
 */
export const buildHistory = (
  investorCount: number,
  moves: readonly Move[],
  rootsAt: readonly number[],
): TestHistory => {
  const investors = Array.from({ length: investorCount }, (_, i) => investor(i));
  const log = new RegisterLogBuilder(ASSET_ID);
  const payloads = new Map<string, string>();
  moves.forEach((move, step) => {
    const shares = String(move.shares);
    const time = timeAt(step);
    const price = { priceCents: '10000', amountCents: String(move.shares * 10000) };
    const buyer = investors[(move.kind === 'cancellation' ? 0 : move.to) % investorCount] as TestInvestor;
    const seller = move.kind === 'purchase' ? null : (investors[move.from % investorCount] as TestInvestor);
    const affordable = seller !== null && log.holding(seller.pseudonym) >= BigInt(move.shares) && seller !== buyer;
    if (move.kind === 'purchase' || !affordable || seller === null) {
      const target = move.kind === 'purchase' ? buyer : (seller ?? buyer);
      log.append({
        time,
        kind: 'purchase',
        from: REGISTER_ISSUER,
        to: target.pseudonym,
        shares,
        authorisations: [
          authorise(target, { kind: 'trade', assetId: ASSET_ID, sharesCount: shares, ...price }, payloads, step),
        ],
      });
    } else if (move.kind === 'trade') {
      log.append({
        time,
        kind: 'trade',
        from: seller.pseudonym,
        to: buyer.pseudonym,
        shares,
        authorisations: [
          authorise(buyer, { kind: 'trade', assetId: ASSET_ID, sharesCount: shares, ...price }, payloads, step),
          authorise(seller, { kind: 'offer', assetId: ASSET_ID, sharesCount: shares, ...price }, payloads, step),
        ],
      });
    } else {
      log.append({
        time,
        kind: 'cancellation',
        from: seller.pseudonym,
        to: REGISTER_ISSUER,
        shares,
        authorisations: [],
      });
    }
  });
  const sizes = [...new Set(rootsAt.map((size) => Math.min(size, log.size)))].sort((a, b) => a - b);
  const roots = sizes.map((size, i) =>
    signTreeHead(log.treeHead(timeAt(moves.length + 100 + i * 1440), PLATFORM_KEY_ID, size), (message) =>
      signEd25519(PLATFORM_SEED, message),
    ),
  );
  return { log, investors, payloads, roots };
};

export const proofFor = (history: TestHistory, who: TestInvestor): RegisterProofFile =>
  buildRegisterProof({
    entries: history.log.entries,
    leafHashes: history.log.leafHashes,
    roots: history.roots,
    platformPublicKey: PLATFORM_PUBLIC_KEY,
    holder: { userId: who.userId, assetKey: who.assetKey, publicKeys: [who.publicKey] },
    signedPayload: (hash) => history.payloads.get(hash),
    createdAt: '2026-05-10T12:00:00.000Z',
  });

export const logFor = (history: TestHistory) =>
  buildRegisterLog({
    assetId: ASSET_ID,
    createdAt: '2026-05-10T12:00:00.000Z',
    platformPublicKey: PLATFORM_PUBLIC_KEY,
    roots: history.roots,
    entries: history.log.entries,
  });

/** A deep copy through JSON, as a file on disk would be. */
export const clone = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;
