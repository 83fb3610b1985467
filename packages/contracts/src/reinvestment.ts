import { z } from 'zod';
import { assetId } from './assets.js';

/** Reinvestment of distributions (issue 22, ADR 0034): one standing mandate per investor and asset. */
export const reinvestmentMandateStatusValues = ['pending', 'active', 'rejected', 'expired', 'revoked'] as const;

export const reinvestmentMandateView = z.object({
  id: z.uuid(),
  assetId: z.string(),
  assetTitle: z.string(),
  status: z.enum(reinvestmentMandateStatusValues),
  /** Highest price per share the mandate pays, integer cents. */
  maxPricePerShareCents: z.string(),
  acknowledgedAppropriateness: z.boolean(),
  signingRequestId: z.uuid(),
  createdAt: z.string(),
  activatedAt: z.string().nullable(),
  endedAt: z.string().nullable(),
});
export type ReinvestmentMandateView = z.infer<typeof reinvestmentMandateView>;

/** What a mandate did with one distribution payment. */
export const reinvestmentView = z.object({
  distributionTransactionId: z.uuid(),
  assetId: z.string(),
  outcome: z.enum(['bought', 'skipped']),
  /** German text: why nothing was bought (skipped only). */
  reason: z.string().nullable(),
  netCents: z.string(),
  shares: z.number().int(),
  spentCents: z.string(),
  createdAt: z.string(),
});
export type ReinvestmentView = z.infer<typeof reinvestmentView>;

export const reinvestmentOverview = z.object({
  /** The open (pending or active) mandates and the ended ones of the last year, newest first. */
  mandates: z.array(reinvestmentMandateView),
  reinvestments: z.array(reinvestmentView),
});
export type ReinvestmentOverview = z.infer<typeof reinvestmentOverview>;

/** Price limit in cents as digits (e.g. "11000" = 110,00 € per share). */
export const createReinvestmentMandateBody = z.strictObject({
  assetId,
  maxPricePerShare: z.string().regex(/^[1-9]\d{0,11}$/, 'Preisgrenze in Cent, größer als 0'),
  /** Confirms the appropriateness warning once for every purchase under the mandate (as a purchase does). */
  acknowledgedAppropriateness: z.boolean().optional(),
});
export type CreateReinvestmentMandateBody = z.infer<typeof createReinvestmentMandateBody>;

export const reinvestmentMandateParams = z.strictObject({ assetId });

export const reinvestmentErrors = {
  REINVESTMENT_MANDATE_EXISTS: { status: 409 },
  REINVESTMENT_MANDATE_NOT_FOUND: { status: 404 },
  REINVESTMENT_NO_HOLDING: { status: 409 },
  REINVESTMENT_NO_SHARES_OFFERED: { status: 409 },
  /** ADR 0040: a mandate gives no Accepted20PercentDifference. */
  REINVESTMENT_PRICE_DEVIATION: { status: 409 },
  REINVESTMENT_AMOUNT_TOO_SMALL: { status: 409 },
} as const;
