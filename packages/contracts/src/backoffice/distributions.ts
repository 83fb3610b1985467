import { distributionFrequencies } from '@bw/domain';
import { z } from 'zod';
import { positiveCentsString } from './common.js';

/** Income recording and distribution runs in the back office (issue 22, ADR 0025). */
export const assetIncomeKinds = ['rent', 'electricity', 'other'] as const;

const isoDate = z.iso.date({ message: 'Datum im Format JJJJ-MM-TT' });

export const recordIncomeBody = z
  .strictObject({
    kind: z.enum(assetIncomeKinds),
    amount: positiveCentsString,
    periodStart: isoDate,
    periodEnd: isoDate,
    receivedOn: isoDate,
    note: z.string().trim().max(500).default(''),
  })
  .refine((body) => body.periodEnd >= body.periodStart, {
    message: 'Das Ende des Zeitraums liegt vor seinem Beginn.',
    path: ['periodEnd'],
  });
export type RecordIncomeBody = z.input<typeof recordIncomeBody>;

export const assetIncomeView = z.object({
  id: z.uuid(),
  assetId: z.string(),
  kind: z.enum(assetIncomeKinds),
  amount: z.string(),
  periodStart: z.string(),
  periodEnd: z.string(),
  receivedOn: z.string(),
  note: z.string(),
  /** `expected` until the payment provider confirms the incoming transfer (issue 34). */
  status: z.enum(['expected', 'recorded', 'distributed']),
  distributionRunId: z.uuid().nullable(),
  /**
   * Recorded for a period that had already been paid (issue 35): the next run of the asset pays it.
   * `carriedInto` names that run's period once it has paid.
   */
  carriedOver: z.boolean(),
  carriedInto: z.string().nullable(),
  documents: z.array(z.object({ id: z.uuid(), fileName: z.string(), sizeBytes: z.number().int() })),
  createdAt: z.string(),
});
export type AssetIncomeView = z.infer<typeof assetIncomeView>;

/** `2026-03` (monthly), `2026-Q1` (quarterly), `2026` (yearly). */
export const periodKeySchema = z
  .string()
  .regex(/^\d{4}(-(0[1-9]|1[0-2])|-Q[1-4])?$/, 'Zeitraum als JJJJ, JJJJ-MM oder JJJJ-Q1 … JJJJ-Q4');

export const runDistributionBody = z.strictObject({
  periodKey: periodKeySchema,
  /** Holdings as they stood at the end of this day; the period's end (or today) by default. */
  recordDate: isoDate.optional(),
});

export const distributionRunView = z.object({
  id: z.uuid(),
  assetId: z.string(),
  periodKey: z.string(),
  periodStart: z.string(),
  periodEnd: z.string(),
  recordDate: z.string(),
  income: z.string(),
  /** The part of `income` recorded for earlier, already paid periods and carried into this run. */
  carriedIncome: z.string(),
  investorsGross: z.string(),
  tax: z.string(),
  investorsNet: z.string(),
  issuer: z.string(),
  holders: z.number().int(),
  createdBy: z.string(),
  createdAt: z.string(),
  /** True when the period had already been distributed: this call paid nothing. */
  alreadyRun: z.boolean(),
});
export type DistributionRunView = z.infer<typeof distributionRunView>;

export const distributionProposalStatuses = ['proposed', 'submitted', 'approved', 'declined'] as const;

/**
 * A run waiting for approval (issue 35): the scheduler proposes each due period after it ends
 * (`proposed`), an operator checks it and submits it (`submitted`; an operator's own proposal is
 * submitted at once), a second operator approves it, which pays (`approved`, `run`), or declines it.
 * `income` and `carriedIncome` are what the run would pay now.
 */
export const distributionProposalView = z.object({
  id: z.uuid(),
  assetId: z.string(),
  periodKey: z.string(),
  periodStart: z.string(),
  periodEnd: z.string(),
  recordDate: z.string(),
  status: z.enum(distributionProposalStatuses),
  income: z.string(),
  carriedIncome: z.string(),
  proposedBy: z.string(),
  proposedAt: z.string(),
  submittedBy: z.string().nullable(),
  decidedBy: z.string().nullable(),
  decidedAt: z.string().nullable(),
  declineReason: z.string().nullable(),
  run: distributionRunView.nullable(),
});
export type DistributionProposalView = z.infer<typeof distributionProposalView>;

export const declineDistributionBody = z.strictObject({ reason: z.string().trim().min(1).max(500) });
export const distributionProposalParams = z.object({ id: z.string().min(1).max(128), proposalId: z.uuid() });

export const assetDistributionsView = z.object({
  /** The asset's rhythm: every run's period is one of it (issue 35). */
  distributionFrequency: z.enum(distributionFrequencies),
  incomes: z.array(assetIncomeView),
  proposals: z.array(distributionProposalView),
  runs: z.array(distributionRunView),
});
export type AssetDistributionsView = z.infer<typeof assetDistributionsView>;

export const incomeDocumentParams = z.object({ id: z.string().min(1).max(128), incomeId: z.uuid() });
