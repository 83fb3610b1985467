import { z } from 'zod';
import { savingsPlanStatusValues } from './savings.js';

/** Auto-invest by rules (issue 40, ADR 0052). */
export const autoInvestMarketValues = ['primary', 'secondary'] as const;
export const autoInvestObjectTypeValues = ['residential', 'commercial', 'industry', 'energy'] as const;

const bps = (max: number) => z.number().int().min(0).max(max);

export const autoInvestRules = z.strictObject({
  /** Empty: every object type. */
  objectTypes: z.array(z.enum(autoInvestObjectTypeValues)).max(4),
  /** ISO country codes of the asset's location; empty: every country. */
  countryCodes: z.array(z.string().regex(/^[A-Z]{2}$/, 'Ländercode, z. B. AT')).max(20),
  /** The lowest expected ongoing distribution per year, basis points. */
  minYieldBps: bps(10_000),
  /** The largest share one asset may have of the portfolio, basis points (10,000: no limit). */
  maxPortfolioShareBps: z.number().int().min(1).max(10_000),
  /** The largest price above the 30-day average paid on the bulletin board, basis points (at most 20 %). */
  maxDeviationBps: bps(2_000),
  /** `primary` (financing phase) and/or `secondary` (bulletin board). */
  markets: z.array(z.enum(autoInvestMarketValues)).min(1).max(2),
});
export type AutoInvestRulesBody = z.infer<typeof autoInvestRules>;

export const autoInvestBody = z.strictObject({
  /** Monthly budget in cents as digits, at least "2500" (25,00 €). */
  budget: z.string().regex(/^[1-9]\d{0,11}$/, 'Betrag in Cent, größer als 0'),
  rules: autoInvestRules,
  /** Confirms the appropriateness warning once for every purchase under the mandate. */
  acknowledgedAppropriateness: z.boolean().optional(),
  /** The 5,000 € confirmation, given once for every purchase under the mandate. */
  accepted5kLimit: z.boolean().optional(),
});
export type AutoInvestBody = z.infer<typeof autoInvestBody>;

export const autoInvestMandateView = z.object({
  id: z.uuid(),
  status: z.enum(savingsPlanStatusValues),
  budgetCents: z.string(),
  rules: autoInvestRules,
  acknowledgedAppropriateness: z.boolean(),
  accepted5kLimit: z.boolean(),
  signingRequestId: z.uuid(),
  replacesMandateId: z.uuid().nullable(),
  /** What the investor's auto-invest spent this month (all mandates), integer cents. */
  spentThisMonthCents: z.string(),
  lastServedAt: z.string().nullable(),
  createdAt: z.string(),
  activatedAt: z.string().nullable(),
  endedAt: z.string().nullable(),
});
export type AutoInvestMandateView = z.infer<typeof autoInvestMandateView>;

export const autoInvestExecutionView = z.object({
  id: z.uuid(),
  mandateId: z.uuid(),
  month: z.string(),
  assetId: z.string(),
  assetTitle: z.string(),
  market: z.enum(autoInvestMarketValues),
  outcome: z.enum(['bought', 'refused']),
  /** German text: why nothing was bought (refused only). */
  reason: z.string().nullable(),
  shares: z.number().int(),
  spentCents: z.string(),
  createdAt: z.string(),
});
export type AutoInvestExecutionView = z.infer<typeof autoInvestExecutionView>;

export const autoInvestOverview = z.object({
  /** Open mandates and those ended in the last year, newest first. */
  mandates: z.array(autoInvestMandateView),
  /** The last executions and refusals, newest first. */
  executions: z.array(autoInvestExecutionView),
});
export type AutoInvestOverview = z.infer<typeof autoInvestOverview>;

export const autoInvestParams = z.strictObject({ mandateId: z.uuid() });

export const autoInvestErrors = {
  AUTO_INVEST_BUDGET_TOO_SMALL: { status: 400 },
  AUTO_INVEST_BUDGET_TOO_LARGE: { status: 400 },
  AUTO_INVEST_RULES_INVALID: { status: 400 },
  AUTO_INVEST_NOT_FOUND: { status: 404 },
  AUTO_INVEST_NOT_CHANGEABLE: { status: 409 },
  AUTO_INVEST_ALREADY_OPEN: { status: 409 },
  AUTO_INVEST_NOTHING_OFFERED: { status: 409 },
  AUTO_INVEST_BUDGET_USED: { status: 409 },
  AUTO_INVEST_PORTFOLIO_SHARE_REACHED: { status: 409 },
  AUTO_INVEST_PRICE_DEVIATION: { status: 409 },
  AUTO_INVEST_NO_AVERAGE: { status: 409 },
} as const;
