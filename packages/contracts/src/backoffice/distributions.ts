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

export const assetDistributionsView = z.object({
  incomes: z.array(assetIncomeView),
  runs: z.array(distributionRunView),
});
export type AssetDistributionsView = z.infer<typeof assetDistributionsView>;

export const incomeDocumentParams = z.object({ id: z.string().min(1).max(128), incomeId: z.uuid() });
