import { type Db, queryRows } from '@bw/db';
import {
  buildRegisterProof,
  ed25519KeyId,
  ed25519PublicKey,
  fromBase64Url,
  fromHex,
  holderAssetKey,
  MerkleTree,
  REGISTER_TREE_HEAD_PROTOCOL,
  type RegisterEntry,
  type RegisterProofFile,
  type SignedTreeHead,
  signEd25519,
  signedPayloadHash,
  signTreeHead,
  toBase64Url,
  toHex,
} from '@bw/register';
import { sql } from 'drizzle-orm';
import { AppError } from '../../lib/app-error.js';
import { base64Bytes, holderSecretOf } from './register-writer.js';

/**
 * The register's published side (issue 39, ADR 0044): each asset's day root signed with the
 * platform key, consistency proofs between roots, and a holder's proof file.
 */
export type RegisterSigner = {
  publicKey: Uint8Array;
  keyId: string;
  sign: (message: Uint8Array) => Uint8Array;
};

export const registerSignerFromSeed = (seedText: string): RegisterSigner => {
  const seed = fromBase64Url(seedText);
  if (!seed || seed.length !== 32) throw new Error('REGISTER_SIGNING_KEY is not 32 bytes of base64url');
  const publicKey = ed25519PublicKey(seed);
  return { publicKey, keyId: ed25519KeyId(publicKey), sign: (message) => signEd25519(seed, message) };
};

export const platformKeyOf = (signer: RegisterSigner) => ({
  keyId: signer.keyId,
  publicKey: toBase64Url(signer.publicKey),
});

type RootRow = {
  asset_id: string;
  tree_size: number;
  root_hash: string;
  timestamp: string;
  key_id: string;
  signature: string;
};

const toSignedRoot = (row: RootRow): SignedTreeHead => ({
  protocol: REGISTER_TREE_HEAD_PROTOCOL,
  assetId: row.asset_id,
  treeSize: row.tree_size,
  rootHash: row.root_hash,
  timestamp: row.timestamp,
  keyId: row.key_id,
  signature: row.signature,
});

/** An asset's leaf hashes 0 … size − 1, as stored with the entries. */
const leafHashesOf = async (db: Db, assetId: string, size: number): Promise<Uint8Array[]> => {
  const rows = await queryRows<{ leaf_hash: string }>(
    db,
    sql`SELECT leaf_hash FROM register_entries WHERE asset_id = ${assetId} AND seq < ${size} ORDER BY seq`,
  );
  if (rows.length !== size) throw new Error(`register of ${assetId} has ${rows.length} of ${size} entries`);
  return rows.map((row) => fromHex(row.leaf_hash) as Uint8Array);
};

/**
 * The day's job: every asset whose log grew since its last root gets a new root over all its
 * entries, signed with the platform key. Answers the roots published. Safe to run twice (the
 * second finds nothing new; two at once write one root per size).
 */
export const publishRegisterRoots = async (db: Db, signer: RegisterSigner, now: Date): Promise<SignedTreeHead[]> => {
  const grown = await queryRows<{ asset_id: string; size: number; last: string | null }>(
    db,
    sql`SELECT h.asset_id, h.seq + 1 AS size, (SELECT max(r.timestamp) FROM register_roots r WHERE r.asset_id = h.asset_id) AS last
      FROM register_heads h
      WHERE h.seq >= 0 AND h.seq + 1 > coalesce((SELECT max(r.tree_size) FROM register_roots r WHERE r.asset_id = h.asset_id), 0)
      ORDER BY h.asset_id`,
  );
  const published: SignedTreeHead[] = [];
  for (const asset of grown) {
    const tree = new MerkleTree(await leafHashesOf(db, asset.asset_id, asset.size));
    // Times of one asset's roots rise strictly, even when the clock has not moved on.
    const last = asset.last === null ? 0 : Date.parse(asset.last);
    const timestamp = new Date(Math.max(now.getTime(), last + 1)).toISOString();
    const root = signTreeHead(
      {
        protocol: REGISTER_TREE_HEAD_PROTOCOL,
        assetId: asset.asset_id,
        treeSize: asset.size,
        rootHash: toHex(tree.root()),
        timestamp,
        keyId: signer.keyId,
      },
      signer.sign,
    );
    const inserted = await queryRows(
      db,
      sql`INSERT INTO register_roots (asset_id, tree_size, root_hash, timestamp, key_id, signature)
        VALUES (${root.assetId}, ${root.treeSize}, ${root.rootHash}, ${root.timestamp}, ${root.keyId}, ${root.signature})
        ON CONFLICT DO NOTHING RETURNING tree_size`,
    );
    if (inserted.length > 0) published.push(root);
  }
  return published;
};

/** One asset's roots oldest first, or every asset's latest root. */
export const listRegisterRoots = async (db: Db, assetId?: string): Promise<SignedTreeHead[]> => {
  const rows = await queryRows<RootRow>(
    db,
    assetId === undefined
      ? sql`SELECT DISTINCT ON (asset_id) asset_id, tree_size, root_hash, timestamp, key_id, signature
          FROM register_roots ORDER BY asset_id, tree_size DESC`
      : sql`SELECT asset_id, tree_size, root_hash, timestamp, key_id, signature
          FROM register_roots WHERE asset_id = ${assetId} ORDER BY tree_size`,
  );
  return rows.map(toSignedRoot);
};

/** The consistency proof between two published roots of an asset. */
export const registerConsistency = async (
  db: Db,
  input: { assetId: string; fromSize: number; toSize: number },
): Promise<{ from: SignedTreeHead; to: SignedTreeHead; proof: string[] }> => {
  const roots = await listRegisterRoots(db, input.assetId);
  const from = roots.find((root) => root.treeSize === input.fromSize);
  const to = roots.find((root) => root.treeSize === input.toSize);
  if (!from || !to) throw new AppError('REGISTER_ROOT_NOT_FOUND');
  if (from.treeSize > to.treeSize)
    throw new AppError('VALIDATION_FAILED', { fromSize: 'Muss vor der Endgröße liegen.' });
  const tree = new MerkleTree(await leafHashesOf(db, input.assetId, to.treeSize));
  return { from, to, proof: tree.consistencyProof(from.treeSize, to.treeSize).map(toHex) };
};

/**
 * A holder's proof file for one asset (format brickwise.register.proof v1): their entries proven
 * in the latest published root, their signed requests, the asset key that shows the pseudonym is
 * theirs. REGISTER_NO_ENTRIES when none of their entries is in a published root yet.
 */
export const buildHolderProof = async (
  db: Db,
  signer: RegisterSigner,
  input: { userId: string; assetId: string; now: Date },
): Promise<RegisterProofFile> => {
  const roots = await listRegisterRoots(db, input.assetId);
  const latest = roots.at(-1);
  if (!latest) throw new AppError('REGISTER_NO_ENTRIES');
  const rows = await queryRows<{ entry: string; leaf_hash: string }>(
    db,
    sql`SELECT entry, leaf_hash FROM register_entries
      WHERE asset_id = ${input.assetId} AND seq < ${latest.treeSize} ORDER BY seq`,
  );
  const requests = await queryRows<{ canonical_payload: string }>(
    db,
    sql`SELECT canonical_payload FROM signing_requests
      WHERE user_id = ${input.userId}::uuid AND status = 'signed' AND signature IS NOT NULL`,
  );
  const payloads = new Map(requests.map((row) => [signedPayloadHash(row.canonical_payload), row.canonical_payload]));
  const keys = await queryRows<{ public_key: string }>(
    db,
    sql`SELECT public_key FROM security_apps WHERE user_id = ${input.userId}::uuid AND public_key IS NOT NULL
      ORDER BY created_at`,
  );
  const secret = await holderSecretOf(db, input.userId);
  const proof = buildRegisterProof({
    entries: rows.map((row) => JSON.parse(row.entry) as RegisterEntry),
    leafHashes: rows.map((row) => fromHex(row.leaf_hash) as Uint8Array),
    roots,
    platformPublicKey: signer.publicKey,
    holder: {
      userId: input.userId,
      assetKey: holderAssetKey(secret, input.assetId),
      publicKeys: [...new Set(keys.map((row) => row.public_key))].map(base64Bytes),
    },
    signedPayload: (hash) => payloads.get(hash),
    createdAt: input.now.toISOString(),
  });
  if (proof.entries.length === 0) throw new AppError('REGISTER_NO_ENTRIES');
  return proof;
};
