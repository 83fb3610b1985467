import { z } from 'zod';
import { positiveCentsString, reasonText } from './common.js';

/**
 * A manual correction: a balanced compensating posting with its reason (issue 21). A fee refund
 * (issue 35) is a correction credit the investor is told about as such ("Gebühr erstattet").
 */
export const correctionPurposes = ['correction', 'feeRefund'] as const;
export const correctionBody = z
  .object({
    userId: z.uuid(),
    direction: z.enum(['credit', 'debit']),
    amountCents: positiveCentsString,
    reason: reasonText,
    purpose: z.enum(correctionPurposes).default('correction'),
    /** Per correction a fresh key from the form: a double click books once. */
    idempotencyKey: z.string().min(8).max(100),
  })
  .refine((body) => body.purpose !== 'feeRefund' || body.direction === 'credit', {
    error: 'Eine Gebührenerstattung ist immer eine Gutschrift an den Investor.',
    path: ['direction'],
  });
export type CorrectionBody = z.infer<typeof correctionBody>;

export const correctionRow = z.object({
  id: z.string(),
  userId: z.string(),
  email: z.string(),
  /** Signed: positive credited to the investor, negative debited. */
  amountCents: z.string(),
  reason: z.string(),
  transactionId: z.string(),
  createdBy: z.string(),
  createdAt: z.string(),
});
export type CorrectionRow = z.infer<typeof correctionRow>;

/** The daily reconciliation (issue 21): what the ledger says against what the provider holds. */
export const reconciliationView = z.object({
  generatedAt: z.string(),
  /** The sum of every book per unit is zero (double entry). */
  ledgerBalanced: z.boolean(),
  unbalancedUnits: z.array(z.object({ unit: z.string(), sum: z.string() })),
  /** Money the provider holds for us according to the ledger (−psp_clearing). */
  ledgerProviderCents: z.string(),
  /** The same from the provider's confirmed events: settled pay-ins and charges minus payouts sent. */
  confirmedCents: z.string(),
  differenceCents: z.string(),
  books: z.array(z.object({ kind: z.string(), balanceCents: z.string() })),
  /** Transactions whose ledger effect does not match their status. */
  differences: z.array(
    z.object({
      transactionId: z.string(),
      userId: z.string(),
      type: z.string(),
      status: z.string(),
      amountCents: z.string(),
      problem: z.string(),
    }),
  ),
  /** Payouts still waiting at the provider. */
  pendingPayouts: z.number().int(),
});
export type ReconciliationView = z.infer<typeof reconciliationView>;

/** A payout above the review threshold, waiting for release (issue 21). */
export const payoutReviewRow = z.object({
  transactionId: z.string(),
  userId: z.string(),
  email: z.string(),
  name: z.string(),
  amountCents: z.string(),
  iban: z.string(),
  owner: z.string(),
  /** The investor's available cash besides the held payout. */
  availableCents: z.string(),
  status: z.enum(['waiting', 'released', 'rejected']),
  reason: z.string().nullable(),
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
});
export type PayoutReviewRow = z.infer<typeof payoutReviewRow>;

export const payoutDecisionBody = z.object({ decision: z.enum(['release', 'reject']), reason: reasonText });

export const payoutThresholdView = z.object({ thresholdCents: z.string() });
export const payoutThresholdBody = z.object({ thresholdCents: positiveCentsString });

/** A builder-owner purchase waiting for the investor's bank wire or the notary's documents. */
export const bankWireRow = z.object({
  transactionId: z.string(),
  userId: z.string(),
  email: z.string(),
  assetId: z.string(),
  assetTitle: z.string(),
  shares: z.number().int(),
  /** What the investor must wire: amount plus fee minus bonus. */
  dueCents: z.string(),
  paymentReference: z.string().nullable(),
  status: z.string(),
  paymentReceivedAt: z.string().nullable(),
  notaryDocumentsReceivedAt: z.string().nullable(),
  createdAt: z.string(),
});
export type BankWireRow = z.infer<typeof bankWireRow>;

export const bankWireEventBody = z.object({ event: z.enum(['paymentReceived', 'notaryDocumentsReceived']) });
