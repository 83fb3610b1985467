import { z } from 'zod';
import { assetId } from './assets.js';

/** Savings plans (Sparplan, issue 40, ADR 0045). */
export const savingsPlanStatusValues = [
  'pending',
  'active',
  'paused',
  'ended',
  'replaced',
  'rejected',
  'expired',
] as const;

export const savingsAllocationView = z.object({
  assetId: z.string(),
  assetTitle: z.string(),
  percent: z.number().int(),
});

/** What one execution did for one asset. */
export const savingsExecutionView = z.object({
  planId: z.uuid(),
  /** `YYYY-MM`. */
  month: z.string(),
  assetId: z.string(),
  assetTitle: z.string(),
  outcome: z.enum(['bought', 'skipped']),
  /** German text: why nothing was bought for this asset (skipped only). */
  reason: z.string().nullable(),
  budgetCents: z.string(),
  shares: z.number().int(),
  spentCents: z.string(),
  executedAt: z.string(),
});
export type SavingsExecutionView = z.infer<typeof savingsExecutionView>;

export const savingsPlanView = z.object({
  id: z.uuid(),
  status: z.enum(savingsPlanStatusValues),
  /** Monthly amount, integer cents. */
  amountCents: z.string(),
  dayOfMonth: z.number().int(),
  allocations: z.array(savingsAllocationView),
  acknowledgedAppropriateness: z.boolean(),
  accepted5kLimit: z.boolean(),
  signingRequestId: z.uuid(),
  replacesPlanId: z.uuid().nullable(),
  /** `YYYY-MM-DD` of the next execution (active plans only). */
  nextExecution: z.string().nullable(),
  createdAt: z.string(),
  activatedAt: z.string().nullable(),
  endedAt: z.string().nullable(),
});
export type SavingsPlanView = z.infer<typeof savingsPlanView>;

export const savingsOverview = z.object({
  /** Open plans and those ended in the last year, newest first. */
  plans: z.array(savingsPlanView),
  /** The last executions of all plans, newest first. */
  executions: z.array(savingsExecutionView),
});
export type SavingsOverview = z.infer<typeof savingsOverview>;

export const savingsPlanBody = z.strictObject({
  /** Monthly amount in cents as digits, at least "2500" (25,00 €). */
  amount: z.string().regex(/^[1-9]\d{0,11}$/, 'Betrag in Cent, größer als 0'),
  dayOfMonth: z.number().int().min(1, 'Tag zwischen 1 und 28').max(28, 'Tag zwischen 1 und 28'),
  allocations: z
    .array(z.strictObject({ assetId, percent: z.number().int().min(1).max(100) }))
    .min(1)
    .max(5),
  /** Confirms the appropriateness warning once for every purchase of the plan. */
  acknowledgedAppropriateness: z.boolean().optional(),
  /** The 5,000 € confirmation, given once for every purchase of the plan. */
  accepted5kLimit: z.boolean().optional(),
});
export type SavingsPlanBody = z.infer<typeof savingsPlanBody>;

export const savingsPlanParams = z.strictObject({ planId: z.uuid() });

export const savingsErrors = {
  SAVINGS_PLAN_AMOUNT_TOO_SMALL: { status: 400 },
  SAVINGS_PLAN_AMOUNT_TOO_LARGE: { status: 400 },
  SAVINGS_PLAN_DAY_INVALID: { status: 400 },
  SAVINGS_PLAN_SPLIT_INVALID: { status: 400 },
  SAVINGS_PLAN_ASSET_NOT_AVAILABLE: { status: 409 },
  SAVINGS_PLAN_NOT_FOUND: { status: 404 },
  SAVINGS_PLAN_NOT_CHANGEABLE: { status: 409 },
  SAVINGS_PLAN_NOTHING_OFFERED: { status: 409 },
  SAVINGS_PLAN_BUDGET_TOO_SMALL: { status: 409 },
  SAVINGS_PLAN_PRICE_DEVIATION: { status: 409 },
  SAVINGS_PLAN_BALANCE_TOO_LOW: { status: 409 },
} as const;
