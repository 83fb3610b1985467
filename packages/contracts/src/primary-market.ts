import { z } from 'zod';
import { amountCentsString, signedCentsString } from './payments.js';

/** Spec section 7 and issue 9: buying from the issuer, bonuses at checkout, the builder-owner model. */

export const acceptedWarningValues = ['Accepted5KLimit', 'Accepted20PercentDifference'] as const;

const MAX_SHARES_PER_PURCHASE = 10_000_000;
const shares = z.number().int().positive().max(MAX_SHARES_PER_PURCHASE);

export const initInvestmentBody = z.strictObject({
  shares,
  /** `Accepted5KLimit` for purchases over EUR 5,000 (spec section 5). */
  acceptedWarnings: z.array(z.enum(acceptedWarningValues)).max(2).optional(),
  /** The user's explicit "Continue purchase" after the appropriateness warning. */
  acknowledgedAppropriateness: z.boolean().optional(),
  /** Apply the user's best open bonus for this purchase (GET /api/v1/bonus/bonusForInvestment). */
  useBonus: z.boolean().optional(),
});
export type InitInvestmentBody = z.infer<typeof initInvestmentBody>;

export const purchaseStatuses = [
  'reserved',
  'awaitingPayment',
  'awaitingNotary',
  'settled',
  'canceled',
  'rejected',
  'expired',
] as const;

/** What the investments screen shows on the card (spec: payment missing, notary documents missing, buy cancelled). */
export const purchaseCardStates = [
  'signatureMissing',
  'paymentMissing',
  'notaryMissing',
  'completed',
  'canceled',
] as const;

export const paymentRequest = z.object({
  receiver: z.string(),
  IBAN: z.string(),
  BIC: z.string(),
  reference: z.string(),
  amount: amountCentsString,
});

export const notaryAppointment = z.object({
  id: z.uuid(),
  date: z.string(),
  location: z.string(),
  freeSeats: z.number().int(),
});

export const purchaseView = z.object({
  transactionId: z.uuid(),
  assetId: z.string(),
  assetTitle: z.string(),
  status: z.enum(purchaseStatuses),
  cardState: z.enum(purchaseCardStates),
  method: z.enum(['account', 'bankWire']),
  shares: z.number().int(),
  pricePerShare: amountCentsString,
  amount: amountCentsString,
  fee: z.object({ amount: amountCentsString }),
  bonus: z.object({ amount: amountCentsString }),
  /** Amount plus fee less bonus: what the investor pays. */
  total: amountCentsString,
  signingRequestId: z.uuid(),
  signingExpiresAt: z.string(),
  paymentRequest: paymentRequest.nullable(),
  notaryAppointment: notaryAppointment.extend({ idAustria: z.boolean() }).nullable(),
  createdAt: z.string(),
});
export type PurchaseView = z.infer<typeof purchaseView>;

export const cancelTransactionBody = z.strictObject({ transactionId: z.uuid() });
export const purchaseIdParams = z.strictObject({ transactionId: z.uuid() });

/** One holding on the investments screen; `availableShares` is spec section 4's processed value. */
export const holdingView = z.object({
  assetId: z.string(),
  title: z.string(),
  image: z.string().nullable(),
  stage: z.string(),
  securityType: z.string(),
  shares: z.number().int(),
  availableShares: z.number().int(),
  pricePerShare: amountCentsString,
  value: amountCentsString,
  collectedRent: amountCentsString,
  /** XIRR of the investor's own cash flows in this asset, closed by today's value (issue 22); basis points p.a. */
  irrBps: z.number().int().nullable(),
  /** (Sales + distributions + value today − purchases) ÷ purchases, basis points. */
  totalReturnBps: z.number().int().nullable(),
});

export const investmentsView = z.object({
  holdings: z.array(holdingView),
  openPurchases: z.array(purchaseView),
  pastPurchases: z.array(purchaseView),
  totalValue: amountCentsString,
  collectedRent: amountCentsString,
  irrBps: z.number().int().nullable(),
  totalReturnBps: z.number().int().nullable(),
});
export type InvestmentsView = z.infer<typeof investmentsView>;

/** GET /api/v1/user/investments/history: the portfolio per calendar day (issue 27), oldest first. */
export const portfolioHistoryView = z.object({
  points: z.array(
    z.object({
      date: z.iso.date(),
      /** Shares held at the end of the day × the last trade price (before the first trade the issue price). */
      valueCents: amountCentsString,
      /** What purchases cost so far (price, fee, less bonus) minus what sales brought in. */
      investedCents: signedCentsString,
    }),
  ),
});
export type PortfolioHistoryView = z.infer<typeof portfolioHistoryView>;

// Bonuses at checkout (spec section 7, Utilities and bonuses)

export const bonusApplicabilityValues = [
  'primaryMarket',
  'secondaryMarket',
  'primaryAndSecondary',
  'referral',
] as const;

export const bonusForInvestmentQuery = z.strictObject({
  investmentType: z.enum(['primaryMarket', 'secondaryMarket']),
  assetId: z.string().min(1).max(100),
});

export const userBonusView = z.object({
  id: z.uuid(),
  kind: z.string(),
  title: z.string(),
  amount: amountCentsString,
  applicability: z.enum(bonusApplicabilityValues),
  minimumInvestment: amountCentsString,
  validUntil: z.string().nullable(),
});
export type UserBonusView = z.infer<typeof userBonusView>;

export const bonusForInvestmentResult = z.object({ bonus: userBonusView.nullable() });

export const bonusCodeParams = z.strictObject({ code: z.string().min(1).max(64) });
export const bonusCodeView = z.object({
  code: z.string(),
  title: z.string(),
  amount: amountCentsString,
  applicability: z.enum(bonusApplicabilityValues),
  minimumInvestment: amountCentsString,
  validUntil: z.string().nullable(),
});
export const useBonusCodeResult = z.object({ bonus: userBonusView });

// Builder-owner model (spec section 7, Launchpad)

export const notaryDatesResult = z.array(notaryAppointment);
export const reserveNotaryBody = z.strictObject({
  /** The appointment's start (ISO date-time) as listed by GET …/notary/{id}/date. */
  date: z.iso.datetime({ offset: true }),
  /** Whether the investor signs with ID Austria. */
  idAustria: z.boolean(),
  /** The purchase to attach it to; default the user's open builder-owner purchase of the asset. */
  transactionId: z.uuid().optional(),
});

export const preorderBody = z.strictObject({ amount: amountCentsString, assetId: z.string().min(1).max(100) });
export const preorderView = z.object({
  id: z.uuid(),
  assetId: z.string(),
  amount: amountCentsString,
  createdAt: z.string(),
});

const MAX_SIGNATURE_LENGTH = 200_000;
export const manualInvestmentBody = z.strictObject({
  shares,
  assetId: z.string().min(1).max(100),
  /** The drawn signatures (data URLs of the signature field), one per agreement. */
  signatures: z.array(z.string().max(MAX_SIGNATURE_LENGTH)).max(10),
  acceptedWarnings: z.array(z.enum(acceptedWarningValues)).max(2).optional(),
  acknowledgedAppropriateness: z.boolean().optional(),
});

/** Sandbox only: the bank and the notary report back (docs/runbooks/sandbox-providers.md). */
export const devPurchaseEventBody = z.strictObject({
  transactionId: z.uuid(),
  event: z.enum(['paymentReceived', 'notaryDocumentsReceived']),
});

/** `GET /api/v1/bonus/referralLink` (issue 25): the verified investor's link and the partner's terms. */
export const referralLinkView = z.object({
  referralLink: z.string(),
  referralCode: z.string(),
  referrerBonus: amountCentsString,
  refereeBonus: amountCentsString,
  minimumInvestment: amountCentsString,
});
export type ReferralLinkView = z.infer<typeof referralLinkView>;

/** `GET /api/v1/bonus/allOpenBonuses` (issue 25): what the user can still use or earn, with progress. */
export const openBonusView = z.object({
  id: z.string(),
  kind: z.enum(['affiliate', 'referral', 'startBonus', 'appStoreRating', 'bonusCode', 'birthday']),
  title: z.string(),
  amount: amountCentsString,
  /** What the investor can do to earn it (`rateApp`: the app-rating bonus), or null. */
  action: z.enum(['rateApp']).nullable().optional(),
  /** A tiered promotion's steps (the birthday bonus): investing at least `invested` earns `bonus`. */
  tiers: z
    .array(
      z.object({
        /** The band's upper limit: "up to" this much invested (ADR 0028 addendum). */
        invested: amountCentsString,
        bonus: amountCentsString,
        /** The band the investor's amount falls in now (what the promotion would pay). */
        applies: z.boolean(),
      }),
    )
    .nullable()
    .optional(),
  /** `usable`: ready at checkout; `earning`: paid when the condition is met. */
  state: z.enum(['usable', 'earning']),
  applicability: z.string().nullable(),
  validUntil: z.string().nullable(),
  progress: z.object({ current: amountCentsString, target: amountCentsString }).nullable(),
});
export type OpenBonusView = z.infer<typeof openBonusView>;

/** `GET /api/v1/affiliate/id/{id}/url` (spec section 7): the affiliate's tracked registration URL. */
export const affiliateUrlView = z.object({ url: z.string() });
export const affiliateIdParams = z.object({ id: z.string().trim().min(1).max(64) });

/** `POST /api/v1/bonus/appRating`: the investor rated the app in a store (or on the web). */
export const appRatingBody = z.object({ store: z.enum(['appStore', 'playStore', 'web']) });
export const appRatingResult = z.object({
  /** The rating bonuses granted now (empty when no campaign runs or it was granted before). */
  granted: z.array(z.object({ title: z.string(), amount: amountCentsString })),
});
