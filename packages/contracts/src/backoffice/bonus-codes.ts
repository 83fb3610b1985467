import { z } from 'zod';
import { positiveCentsString } from './common.js';

export const BONUS_APPLICABILITIES = ['primaryMarket', 'secondaryMarket', 'primaryAndSecondary'] as const;

/** A bonus code as the back office lists it, with how much of it is used. */
export const bonusCodeRow = z.object({
  code: z.string(),
  partnerId: z.string().nullable(),
  title: z.string(),
  amountCents: z.string(),
  applicability: z.string(),
  minimumInvestmentCents: z.string(),
  validUntil: z.string().nullable(),
  maxRedemptions: z.number().int().nullable(),
  budgetCents: z.string().nullable(),
  redemptions: z.number().int(),
  /** Redeemed amount so far (redemptions × amount). */
  redeemedCents: z.string(),
  /** Bonuses from this code already spent on a settled purchase. */
  spent: z.number().int(),
  disabledAt: z.string().nullable(),
  state: z.enum(['active', 'expired', 'usedUp', 'disabled']),
  createdAt: z.string(),
});
export type BonusCodeRow = z.infer<typeof bonusCodeRow>;

/** Codes are typed by people: letters, digits and dashes, stored upper case. */
export const bonusCodeText = z
  .string()
  .trim()
  .min(4, 'Mindestens 4 Zeichen.')
  .max(32, 'Höchstens 32 Zeichen.')
  .regex(/^[A-Za-z0-9-]+$/, 'Nur Buchstaben, Ziffern und Bindestriche.')
  .transform((code) => code.toUpperCase());

const optionalPositiveInt = z.number().int().min(1).max(1_000_000).nullable();

export const createBonusCodeBody = z.object({
  code: bonusCodeText,
  partnerId: z.string().trim().min(1).max(64).nullable(),
  title: z.string().trim().min(3, 'Bitte gib einen Titel an.').max(120),
  amountCents: positiveCentsString,
  applicability: z.enum(BONUS_APPLICABILITIES),
  minimumInvestmentCents: z.string().regex(/^\d{1,15}$/, 'Betrag in Cent'),
  validUntil: z.iso.datetime({ offset: true }).nullable(),
  maxRedemptions: optionalPositiveInt,
  budgetCents: positiveCentsString.nullable(),
});
export type CreateBonusCodeBody = z.input<typeof createBonusCodeBody>;

export const adminBonusCodeParams = z.object({ code: z.string().min(1).max(32) });

export const bonusRedemptionRow = z.object({
  bonusId: z.string(),
  userId: z.string(),
  email: z.string(),
  redeemedAt: z.string(),
  usedAt: z.string().nullable(),
  usedByTransactionId: z.string().nullable(),
});
export type BonusRedemptionRow = z.infer<typeof bonusRedemptionRow>;
