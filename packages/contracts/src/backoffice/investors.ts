import { z } from 'zod';
import { transactionMethods, transactionStatuses, transactionTypes } from '../payments.js';
import { reasonText } from './common.js';

export const investorRow = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  status: z.string(),
  partnerId: z.string(),
  iban: z.string().nullable(),
  locked: z.boolean(),
  createdAt: z.string(),
});
export type InvestorRow = z.infer<typeof investorRow>;

export const investorSearchQuery = z.object({ search: z.string().trim().max(100).optional() });

const identificationAttempt = z.object({
  id: z.string(),
  provider: z.string(),
  status: z.string(),
  identityCheck: z.string(),
  documentType: z.string().nullable(),
  submittedAt: z.string().nullable(),
  decidedAt: z.string().nullable(),
  reviewedBy: z.string().nullable(),
  reviewReason: z.string().nullable(),
  documents: z.array(
    z.object({ id: z.string(), kind: z.string(), contentType: z.string(), sizeBytes: z.number().int() }),
  ),
});
export type IdentificationAttempt = z.infer<typeof identificationAttempt>;

/** Everything the back office shows of one investor (issue 21). */
export const investorDetail = z.object({
  profile: investorRow.extend({
    phone: z.string().nullable(),
    userType: z.string(),
    emailVerifiedAt: z.string().nullable(),
    lockedAt: z.string().nullable(),
    lockReason: z.string().nullable(),
    address: z.string().nullable(),
    birthDate: z.string().nullable(),
    nationality: z.string().nullable(),
    pep: z.boolean().nullable(),
  }),
  identifications: z.array(identificationAttempt),
  agreements: z.array(
    z.object({
      status: z.string(),
      documents: z.array(z.string()),
      /** The documents by their German names with the partner's providers (ADR 0050). */
      documentTitles: z.array(z.string()),
      signedAt: z.string().nullable(),
      createdAt: z.string(),
    }),
  ),
  termsAcceptedAt: z.record(z.string(), z.string().nullable()),
  balance: z.object({ balanceCents: z.string(), availableCents: z.string(), heldCents: z.string() }),
  holdings: z.array(z.object({ assetId: z.string(), title: z.string(), shares: z.number().int() })),
  purchases: z.array(
    z.object({
      transactionId: z.string(),
      assetId: z.string(),
      title: z.string(),
      status: z.string(),
      shares: z.number().int(),
      amountCents: z.string(),
      feeCents: z.string(),
      bonusCents: z.string(),
      createdAt: z.string(),
    }),
  ),
  /** The lines of the investor's account list (issue 34): type and amount as the investor reads them. */
  transactions: z.array(
    z.object({
      id: z.string(),
      type: z.enum(transactionTypes),
      status: z.enum(transactionStatuses),
      method: z.enum(transactionMethods),
      /** The amount the line shows (always positive); `incoming` gives its sign. */
      amountCents: z.string(),
      incoming: z.boolean(),
      feeCents: z.string(),
      assetId: z.string().nullable(),
      assetTitle: z.string().nullable(),
      paymentInformation: z.string().nullable(),
      createdAt: z.string(),
    }),
  ),
});
export type InvestorDetail = z.infer<typeof investorDetail>;

/** An identification the provider flagged for a manual check (Verification status manualCheck). */
export const reviewQueueItem = z.object({
  verificationId: z.string(),
  userId: z.string(),
  email: z.string(),
  name: z.string(),
  provider: z.string(),
  documentType: z.string().nullable(),
  submittedAt: z.string().nullable(),
  documents: z.array(z.object({ id: z.string(), kind: z.string(), contentType: z.string() })),
});
export type ReviewQueueItem = z.infer<typeof reviewQueueItem>;

export const identificationDecisionBody = z.strictObject({
  decision: z.enum(['approve', 'decline']),
  /** The investor sees it on the identification screen and in the e-mail. */
  reason: reasonText,
});

export const lockBody = z.strictObject({ reason: reasonText });
export const resendEmailBody = z.strictObject({ kind: z.enum(['verification', 'identificationResult']) });

/** Spec section 3, notification type `text`: a message from the operator's staff to one investor. */
export const INVESTOR_MESSAGE_TITLE_MAX = 120;
export const INVESTOR_MESSAGE_BODY_MAX = 4000;
export const investorMessageBody = z.strictObject({
  title: z
    .string()
    .trim()
    .min(1, { error: 'Gib einen Betreff ein.' })
    .max(INVESTOR_MESSAGE_TITLE_MAX, {
      error: `Der Betreff darf höchstens ${INVESTOR_MESSAGE_TITLE_MAX} Zeichen haben.`,
    }),
  body: z
    .string()
    .trim()
    .min(1, { error: 'Schreib eine Nachricht.' })
    .max(INVESTOR_MESSAGE_BODY_MAX, {
      error: `Die Nachricht darf höchstens ${INVESTOR_MESSAGE_BODY_MAX} Zeichen haben.`,
    }),
});
export type InvestorMessageBody = z.infer<typeof investorMessageBody>;
export const documentParams = z.object({ id: z.uuid(), documentId: z.uuid() });
