import { z } from 'zod';
import { BONUS_APPLICABILITIES } from './bonus-codes.js';
import { positiveCentsString } from './common.js';

export const CAMPAIGN_KINDS = ['startBonus', 'appStoreRating', 'birthday'] as const;

const tier = z.object({ investedCents: positiveCentsString, bonusCents: positiveCentsString });

/** A start, app-rating or tiered (birthday) campaign as the back office lists it (issue 25). */
export const bonusCampaignRow = z.object({
  id: z.string(),
  partnerId: z.string(),
  kind: z.enum(CAMPAIGN_KINDS),
  title: z.string(),
  amountCents: z.string().nullable(),
  tiers: z.array(tier).nullable(),
  applicability: z.string(),
  minimumInvestmentCents: z.string(),
  bonusValidDays: z.number().int(),
  validFrom: z.string(),
  validUntil: z.string(),
  budgetCents: z.string().nullable(),
  paidCents: z.string(),
  grants: z.number().int(),
  refusals: z.number().int(),
  settledAt: z.string().nullable(),
  disabledAt: z.string().nullable(),
  state: z.enum(['planned', 'running', 'ended', 'settled', 'disabled']),
  createdAt: z.string(),
});
export type BonusCampaignRow = z.infer<typeof bonusCampaignRow>;

export const createBonusCampaignBody = z
  .object({
    partnerId: z.string().trim().min(1, 'Bitte wähle einen Partner.').max(64),
    kind: z.enum(CAMPAIGN_KINDS),
    title: z.string().trim().min(3, 'Bitte gib einen Titel an.').max(120),
    amountCents: positiveCentsString.nullable(),
    tiers: z.array(tier).max(10, 'Höchstens 10 Stufen.').nullable(),
    applicability: z.enum(BONUS_APPLICABILITIES),
    minimumInvestmentCents: z.string().regex(/^\d{1,15}$/, 'Betrag in Cent'),
    bonusValidDays: z.number().int().min(1, 'Mindestens 1 Tag.').max(730, 'Höchstens 730 Tage.'),
    validFrom: z.iso.datetime({ offset: true }),
    validUntil: z.iso.datetime({ offset: true }),
    budgetCents: positiveCentsString.nullable(),
  })
  .superRefine((body, ctx) => {
    if (body.kind === 'birthday' && !body.tiers?.length)
      ctx.addIssue({ code: 'custom', path: ['tiers'], message: 'Eine Staffel braucht mindestens eine Stufe.' });
    if (body.kind !== 'birthday' && !body.amountCents)
      ctx.addIssue({ code: 'custom', path: ['amountCents'], message: 'Bitte gib den Bonus an.' });
    if (new Date(body.validFrom) >= new Date(body.validUntil))
      ctx.addIssue({ code: 'custom', path: ['validUntil'], message: 'Das Ende muss nach dem Beginn liegen.' });
  });
export type CreateBonusCampaignBody = z.input<typeof createBonusCampaignBody>;

/** The outcome of paying out a tiered campaign after its end. */
export const campaignSettlement = z.object({
  campaign: bonusCampaignRow,
  paid: z.number().int(),
  refused: z.number().int(),
  paidCents: z.string(),
});
export type CampaignSettlement = z.infer<typeof campaignSettlement>;
