import { securityAppStatuses, signingDetailKeys, signingKinds, signingRequestStatuses } from '@bw/domain';
import { z } from 'zod';

/** Security app calls (spec section 7; docs/security-app-protocol.md; ADR 0007). */

/** Bearer scheme of the provider's security app (device token from linking). */
export const SECURITY_APP_AUTH_SCHEME = 'SecurityApp';
/** Where the API serves the reference security app. */
export const SECURITY_APP_BASE_PATH = '/security-app/';
/** The realtime `update` reasons this domain emits; clients re-fetch what they show. */
export const securityAppUpdateReasons = { status: 'securityApp', signingRequest: 'signingRequest' } as const;

const BASE64URL = /^[A-Za-z0-9_-]+$/;
const KEY_TEXT_MAX_LENGTH = 512;
const SECRET_MAX_LENGTH = 128;
const SIGNATURE_MAX_LENGTH = 256;

export const publicKeyField = z.string().trim().max(KEY_TEXT_MAX_LENGTH);

export const securityAppView = z.object({
  status: z.enum(securityAppStatuses),
  kind: z.enum(['provider', 'private']).nullable(),
  /** When the status last changed (spec section 3: securityApp status, timestamp). */
  timestamp: z.string().nullable(),
  publicKey: z.string().nullable(),
  pairingExpiresAt: z.string().nullable(),
});
export type SecurityAppView = z.infer<typeof securityAppView>;

export const pairingCodeResult = z.object({
  pairingCode: z.string(),
  expiresAt: z.string(),
  /** Opens the reference app with the code filled in (the QR code's content). */
  linkUrl: z.string(),
});
export type PairingCodeResult = z.infer<typeof pairingCodeResult>;

export const linkSecurityAppBody = z.strictObject({
  pairingCode: z.string().trim().toUpperCase().max(32),
  publicKey: publicKeyField,
});
export const linkSecurityAppResult = z.object({
  securityAppId: z.string(),
  userId: z.string(),
  /** The app's API credential (`Authorization: SecurityApp <token>`); shown once. */
  deviceToken: z.string(),
  /** Goes into the recovery file; shown once, only its hash is stored. */
  recoverySecret: z.string(),
});
export type LinkSecurityAppResult = z.infer<typeof linkSecurityAppResult>;

export const registerPrivateBody = z.strictObject({ publicKey: publicKeyField });
export const registerPrivateResult = z.object({
  securityAppId: z.string(),
  status: z.literal('active'),
  userType: z.literal('privateUser'),
  recoverySecret: z.string(),
});
export type RegisterPrivateResult = z.infer<typeof registerPrivateResult>;

export const disconnectSecurityAppBody = z.strictObject({
  recoverySecret: z.string().trim().max(SECRET_MAX_LENGTH).optional(),
});
export const disconnectSecurityAppResult = z.object({ status: z.literal('disconnected') });

/** The recovery file the app exports at linking (JSON); removal needs its `recoverySecret`. */
export const recoveryFile = z.object({
  format: z.literal('brickwise-security-app-recovery'),
  version: z.literal(1),
  userId: z.string(),
  securityAppId: z.string(),
  publicKey: z.string(),
  recoverySecret: z.string().regex(BASE64URL).max(SECRET_MAX_LENGTH),
  createdAt: z.string(),
});
export type RecoveryFile = z.infer<typeof recoveryFile>;

export const signingDetailLine = z.object({ label: z.string(), value: z.string() });

export const signingRequestView = z.object({
  id: z.string(),
  kind: z.enum(signingKinds),
  status: z.enum(signingRequestStatuses),
  /** The exact text the key signs (UTF-8 bytes). */
  canonicalPayload: z.string(),
  /** The payload's fields, parsed. */
  fields: z.record(z.string(), z.string()),
  /** The German heading: what is approved, the one that applies ("Kauf vom Emittenten"). */
  title: z.string(),
  /** Human-readable German lines of what is approved. */
  lines: z.array(signingDetailLine),
  nonce: z.string(),
  expiresAt: z.string(),
  createdAt: z.string(),
  resolvedAt: z.string().nullable(),
});
export type SigningRequestView = z.infer<typeof signingRequestView>;

export const signingRequestIdParams = z.strictObject({ id: z.uuid() });
export const listSigningRequestsQuery = z.strictObject({
  status: z.enum(signingRequestStatuses).optional(),
});

export const approveSigningRequestBody = z.strictObject({
  /** Ed25519 signature over the canonical payload's UTF-8 bytes, base64url (64 bytes). */
  signature: z.string().trim().max(SIGNATURE_MAX_LENGTH),
});

export const signingDetailsBody = z.strictObject(
  Object.fromEntries(signingDetailKeys.map((key) => [key, z.string().max(200).optional()])) as Record<
    (typeof signingDetailKeys)[number],
    z.ZodOptional<z.ZodString>
  >,
);

/** Development only: a `test` request, so the link can be tried without a trade. */
export const devSigningRequestBody = z.strictObject({
  details: signingDetailsBody.optional(),
  expiresInSeconds: z.number().int().min(1).max(86_400).optional(),
});
