import { z } from 'zod';

/**
 * Passkeys (WebAuthn, ADR 0029): the biometric login of the web families. The options are the
 * WebAuthn JSON the browser passes to `navigator.credentials`; the answers are the browser's JSON
 * (base64url fields), checked by @simplewebauthn/server.
 */
const MAX_B64URL = 16_384;
const b64url = z
  .string()
  .min(1)
  .max(MAX_B64URL)
  .regex(/^[A-Za-z0-9_-]+={0,2}$/);

/** The options a ceremony starts with, and the id under which the server holds its challenge. */
export const passkeyCeremony = z.object({
  ceremonyId: z.string(),
  options: z.looseObject({ challenge: z.string() }),
});
export type PasskeyCeremony = z.infer<typeof passkeyCeremony>;

const credentialBase = {
  id: b64url,
  rawId: b64url,
  type: z.literal('public-key'),
  clientExtensionResults: z.record(z.string(), z.unknown()).default({}),
  authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
};

export const passkeyRegistrationBody = z.strictObject({
  ceremonyId: z.string().min(1).max(128),
  /** Shown in the list of passkeys, e.g. the browser and device. */
  label: z.string().trim().min(1).max(100).optional(),
  credential: z.looseObject({
    ...credentialBase,
    response: z.looseObject({
      clientDataJSON: b64url,
      attestationObject: b64url,
      transports: z.array(z.string().max(32)).max(8).optional(),
    }),
  }),
});
export type PasskeyRegistrationBody = z.infer<typeof passkeyRegistrationBody>;

export const passkeyLoginBody = z.strictObject({
  ceremonyId: z.string().min(1).max(128),
  credential: z.looseObject({
    ...credentialBase,
    response: z.looseObject({
      clientDataJSON: b64url,
      authenticatorData: b64url,
      signature: b64url,
      userHandle: b64url.optional(),
    }),
  }),
});
export type PasskeyLoginBody = z.infer<typeof passkeyLoginBody>;

export const passkeyView = z.object({
  id: z.string(),
  label: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
});
export type PasskeyView = z.infer<typeof passkeyView>;
export const passkeyList = z.object({ passkeys: z.array(passkeyView) });
export const passkeyIdParams = z.object({ id: b64url.max(1024) });

export const passkeyErrors = {
  PASSKEY_INVALID: { status: 400 },
  PASSKEY_CEREMONY_EXPIRED: { status: 400 },
  PASSKEY_UNKNOWN: { status: 401 },
} as const;
