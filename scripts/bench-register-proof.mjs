#!/usr/bin/env node
/**
 * Share register proofs at scale (issue 39), pure (no database): an asset log of BENCH_ENTRIES
 * entries (default 100,000) over BENCH_HOLDERS holders (default 200), a signed root every
 * BENCH_ROOT_EVERY entries (default 1,000, i.e. 100 daily roots), then for one holder:
 *   1. building the proof file from the stored leaf hashes (what the server does per download),
 *   2. verifying it (what the browser page and the command line do),
 *   3. verifying the whole log (what an auditor does with the issuer's export).
 * Signatures in the log are real Ed25519 signatures over canonical payloads, one per holder reused
 * (signing 100,000 payloads would only time the bench's own setup).
 *
 * Usage: npm run bench:register-proof [-- --json]
 * The purchase-throughput part of `bench:register` (register inside purchases on PostgreSQL) comes
 * with the settlement wiring.
 */
import { performance } from 'node:perf_hooks';
import { register } from 'tsx/esm/api';

register();

const asJson = process.argv.includes('--json');
const ENTRIES = Number(process.env.BENCH_ENTRIES ?? 100_000);
const HOLDERS = Number(process.env.BENCH_HOLDERS ?? 200);
const ROOT_EVERY = Number(process.env.BENCH_ROOT_EVERY ?? 1_000);
const log = (line) => {
  if (!asJson) process.stdout.write(`${line}\n`);
};

const { canonicalSigningPayload, SIGNING_PROTOCOL } = await import('@bw/domain');
const reg = await import('@bw/register');

const seed = (label) => reg.sha256(reg.utf8(`bench:${label}`));
const platformSeed = seed('platform');
const platformKey = reg.ed25519PublicKey(platformSeed);
const platformKeyId = reg.ed25519KeyId(platformKey);
const assetId = 'bench-asset';
const holders = Array.from({ length: HOLDERS }, (_, i) => {
  const userId = `bench-user-${i}`;
  const signingSeed = seed(`holder-${i}`);
  const publicKey = reg.ed25519PublicKey(signingSeed);
  const assetKey = reg.holderAssetKey(seed(`secret-${i}`), assetId);
  const payload = canonicalSigningPayload({
    protocol: SIGNING_PROTOCOL,
    kind: 'mandate',
    requestId: `bench-mandate-${i}`,
    userId,
    nonce: reg.toBase64Url(seed(`nonce-${i}`).slice(0, 16)),
    expiresAt: '2027-01-01T00:00:00.000Z',
    assetId,
  });
  const authorisation = {
    keyId: reg.ed25519KeyId(publicKey),
    payloadHash: reg.sha256Hex(reg.utf8(payload)),
    signature: reg.toBase64Url(reg.signEd25519(signingSeed, reg.utf8(payload))),
  };
  return { userId, publicKey, assetKey, pseudonym: reg.holderPseudonym(assetKey, userId), payload, authorisation };
});

log(`register proof bench: ${ENTRIES} entries, ${HOLDERS} holders, a root every ${ROOT_EVERY} entries`);
let started = performance.now();
const builder = new reg.RegisterLogBuilder(assetId);
const start = Date.UTC(2026, 0, 1);
for (let i = 0; i < ENTRIES; i += 1) {
  const buyer = holders[i % HOLDERS];
  const seller = holders[(i * 7 + 3) % HOLDERS];
  const time = new Date(start + i * 1000).toISOString();
  // Every third movement is a trade from a holder who has shares, the rest purchases.
  if (i % 3 === 2 && seller !== buyer && builder.holding(seller.pseudonym) > 0n) {
    builder.append({
      time,
      kind: 'trade',
      from: seller.pseudonym,
      to: buyer.pseudonym,
      shares: '1',
      authorisations: [buyer.authorisation, seller.authorisation],
    });
  } else {
    builder.append({
      time,
      kind: 'purchase',
      from: reg.REGISTER_ISSUER,
      to: buyer.pseudonym,
      shares: '2',
      authorisations: [buyer.authorisation],
    });
  }
}
const appendMs = performance.now() - started;
const sign = (message) => reg.signEd25519(platformSeed, message);
started = performance.now();
const tree = new reg.MerkleTree(builder.leafHashes);
const roots = [];
for (let size = ROOT_EVERY; size <= ENTRIES; size += ROOT_EVERY) {
  roots.push(
    reg.signTreeHead(
      {
        protocol: reg.REGISTER_TREE_HEAD_PROTOCOL,
        assetId,
        treeSize: size,
        rootHash: reg.toHex(tree.root(size)),
        timestamp: new Date(start + size * 1000 + 1).toISOString(),
        keyId: platformKeyId,
      },
      sign,
    ),
  );
}
const rootsMs = performance.now() - started;

const holder = holders[0];
const payloads = new Map(holders.map((h) => [h.authorisation.payloadHash, h.payload]));
started = performance.now();
const proof = reg.buildRegisterProof({
  entries: builder.entries,
  leafHashes: builder.leafHashes,
  roots,
  platformPublicKey: platformKey,
  holder: { userId: holder.userId, assetKey: holder.assetKey, publicKeys: [holder.publicKey] },
  signedPayload: (hash) => payloads.get(hash),
  createdAt: new Date().toISOString(),
});
const proofMs = performance.now() - started;
const proofText = JSON.stringify(proof);

started = performance.now();
const proofReport = reg.verifyRegisterFile(proofText);
const verifyProofMs = performance.now() - started;

const logText = JSON.stringify(
  reg.buildRegisterLog({
    assetId,
    createdAt: new Date().toISOString(),
    platformPublicKey: platformKey,
    roots,
    entries: builder.entries,
  }),
);
started = performance.now();
const logReport = reg.verifyRegisterFile(logText);
const verifyLogMs = performance.now() - started;

const result = {
  entries: ENTRIES,
  holders: HOLDERS,
  roots: roots.length,
  holderEntries: proof.entries.length,
  appendEntriesPerSecond: Math.round(ENTRIES / (appendMs / 1000)),
  treeAndRootsMs: Math.round(rootsMs),
  proofGenerationMs: Math.round(proofMs),
  proofBytes: proofText.length,
  verifyProofMs: Math.round(verifyProofMs),
  verifyLogMs: Math.round(verifyLogMs),
  logBytes: logText.length,
  proofValid: proofReport.ok,
  logValid: logReport.ok,
};
if (asJson) process.stdout.write(`${JSON.stringify(result)}\n`);
else {
  log(`  appending (in memory)      ${result.appendEntriesPerSecond} entries/s`);
  log(`  tree + ${result.roots} signed roots   ${result.treeAndRootsMs} ms`);
  log(
    `  proof for one holder       ${result.proofGenerationMs} ms (${result.holderEntries} entries, ${Math.round(result.proofBytes / 1024)} KiB)`,
  );
  log(`  verify the proof           ${result.verifyProofMs} ms (${result.proofValid ? 'valid' : 'INVALID'})`);
  log(
    `  verify the whole log       ${result.verifyLogMs} ms (${Math.round(result.logBytes / 1024 / 1024)} MiB, ${result.logValid ? 'valid' : 'INVALID'})`,
  );
}
process.exit(proofReport.ok && logReport.ok ? 0 : 1);
