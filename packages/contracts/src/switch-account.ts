import { z } from 'zod';
import { platformFamily, sessionInfo } from './auth.js';

/** A partner id as stored (`partners.partner_id`): lower case, digits and dashes. */
export const platformProviderField = z
  .string()
  .min(1)
  .max(64)
  .regex(/^[a-z0-9][a-z0-9-]{0,63}$/);

/**
 * Issue 20, switch account (ADR 0035): the consent the user gives before copy-me, word for word.
 * The server stores exactly this text with the copy, the web shows exactly this text.
 */
export const copyMeConsentText = (partnerName: string): string =>
  `Ich willige ein, dass meine Profildaten – Name, Handynummer, persönliche Angaben, Steuernummern und Kirchensteuer, ` +
  `das Ergebnis meiner Identifizierung sowie meine Angaben zu Kenntnissen und Erfahrungen – an ${partnerName} ` +
  `übertragen werden. Die Vereinbarungen von ${partnerName} akzeptiere ich dort neu. Geld, Anteile und Angebote ` +
  'bleiben in meinem bisherigen Konto.';

/** Why copy-me to a partner is not possible (null when it is). */
export const copyMeRefusals = ['sameProvider', 'notEnabled', 'alreadyCopied', 'notVerified'] as const;
export type CopyMeRefusal = (typeof copyMeRefusals)[number];

/** `POST /api/v2/user/copy-me/allowed {destinationPlatformProvider}` (spec section 7). */
export const copyMeAllowedBody = z.strictObject({ destinationPlatformProvider: platformProviderField });
export const copyMeAllowed = z.object({
  destinationPlatformProvider: z.string(),
  allowed: z.boolean(),
  reason: z.enum(copyMeRefusals).nullable(),
});
export type CopyMeAllowed = z.infer<typeof copyMeAllowed>;

/** `POST /api/v2/user/copy-me`: the spec names the call only; the destination and the consent are ours (ADR 0035). */
export const copyMeBody = z.strictObject({
  destinationPlatformProvider: platformProviderField,
  consent: z.boolean(),
});
export type CopyMeBody = z.infer<typeof copyMeBody>;
export const copyMeResult = z.object({
  userId: z.string(),
  platformProvider: z.string(),
  status: z.enum(['new', 'verified', 'pending', 'active', 'deactivated']),
});
export type CopyMeResult = z.infer<typeof copyMeResult>;

/** `GET /api/v2/user/linked-accounts`: the caller's accounts at every partner and where a copy may go. */
export const linkedAccount = z.object({
  userId: z.string(),
  platformProvider: z.string(),
  partnerName: z.string(),
  status: z.enum(['new', 'verified', 'pending', 'active', 'deactivated']),
  current: z.boolean(),
});
export const linkedAccounts = z.object({
  accounts: z.array(linkedAccount),
  destinations: z.array(z.object({ platformProvider: z.string(), partnerName: z.string() })),
  /** False when the current partner does not take part in copy-me. */
  copyEnabled: z.boolean(),
});
export type LinkedAccounts = z.infer<typeof linkedAccounts>;

/**
 * `POST auth/switchSession {destinationPlatform}` (spec section 7): a route family continues the same
 * session elsewhere (ADR 0003); a partner id switches to the caller's account at that partner (ADR 0035).
 */
export const switchSessionBody = z.strictObject({
  destinationPlatform: z.union([platformFamily, platformProviderField]),
});
export const switchSessionHandoff = z.object({ token: z.string(), url: z.string(), expiresAt: z.string() });
export const switchedAccount = sessionInfo.extend({ platformProvider: z.string() });
export type SwitchedAccount = z.infer<typeof switchedAccount>;
export const switchSession = z.union([switchSessionHandoff, switchedAccount]);

export const switchAccountErrors = {
  COPY_ME_NOT_ALLOWED: { status: 403 },
  COPY_ME_NOT_VERIFIED: { status: 409 },
  COPY_ME_ALREADY_EXISTS: { status: 409 },
  COPY_ME_CONSENT_REQUIRED: { status: 400 },
  SWITCH_ACCOUNT_NOT_LINKED: { status: 404 },
} as const;
