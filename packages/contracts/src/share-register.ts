import { z } from 'zod';

/**
 * The share register's public API (issue 39, ADR 0044): the platform's signed roots per asset and
 * the consistency proofs between them. Hashes are 64 hex digits; keys and signatures base64url.
 */
const hex64 = z.string().regex(/^[0-9a-f]{64}$/);

export const registerPublicKey = z.object({ keyId: hex64, publicKey: z.string() });

/** A signed tree head exactly as signed (format brickwise.register.tree-head.v1): a root file for the verifiers. */
export const registerSignedRoot = z.object({
  protocol: z.literal('brickwise.register.tree-head.v1'),
  assetId: z.string(),
  treeSize: z.number().int().min(0),
  rootHash: hex64,
  timestamp: z.string(),
  keyId: hex64,
  signature: z.string(),
});
export type RegisterSignedRoot = z.infer<typeof registerSignedRoot>;

export const registerRootsQuery = z.object({
  /** Only this asset's roots; all assets' latest roots otherwise. */
  assetId: z.string().min(1).max(200).optional(),
});

export const registerRootsView = z.object({
  platformKey: registerPublicKey,
  /** Oldest first per asset; without `assetId` only each asset's latest root. */
  roots: z.array(registerSignedRoot),
});
export type RegisterRootsView = z.infer<typeof registerRootsView>;

export const registerConsistencyQuery = z.object({
  assetId: z.string().min(1).max(200),
  fromSize: z.coerce.number().int().min(1).max(2_147_483_647),
  toSize: z.coerce.number().int().min(1).max(2_147_483_647),
});

export const registerConsistencyView = z.object({
  assetId: z.string(),
  fromSize: z.number().int(),
  toSize: z.number().int(),
  /** RFC 6962 PROOF(fromSize, D[toSize]), hex hashes. */
  proof: z.array(hex64),
  from: registerSignedRoot,
  to: registerSignedRoot,
});
export type RegisterConsistencyView = z.infer<typeof registerConsistencyView>;

export const registerRootFileParams = z.object({
  assetId: z.string().min(1).max(200),
  treeSize: z.coerce.number().int().min(1).max(2_147_483_647),
});

export const registerProofParams = z.object({ assetId: z.string().min(1).max(200) });

/** Back office: one holder of an asset as the register and the ledger count them. */
export const registerHolderView = z.object({
  pseudonym: z.string(),
  userId: z.uuid(),
  email: z.string(),
  name: z.string(),
  registerShares: z.number().int(),
  ledgerShares: z.number().int(),
  lastSeq: z.number().int().nullable(),
});
export type RegisterHolderView = z.infer<typeof registerHolderView>;

export const registerAssetView = z.object({
  assetId: z.string(),
  assetTitle: z.string(),
  entries: z.number().int(),
  latestRoot: registerSignedRoot.nullable(),
  /** True when every holder's register shares equal their ledger share books. */
  agrees: z.boolean(),
  holders: z.array(registerHolderView),
});
export type RegisterAssetView = z.infer<typeof registerAssetView>;

/** Merged into `errorCatalog` in errors.ts. */
export const shareRegisterErrors = {
  REGISTER_ROOT_NOT_FOUND: { status: 404 },
  REGISTER_NO_ENTRIES: { status: 404 },
} as const;
