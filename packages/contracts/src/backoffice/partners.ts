import { z } from 'zod';
import { appConfig, introSlide, legalProviders } from '../app-config.js';

/** A partner (white-label tenant) as the back office edits it (issue 21). */
export const partnerAdminView = appConfig
  .pick({ appId: true, partnerId: true, name: true, colors: true, appIcon: true, featureFlags: true })
  .extend({
    introSlides: z.array(introSlide),
    appURL: z.string(),
    webAppURL: z.string(),
    imprint: z.string(),
    supportEmail: z.string(),
    supportPhone: z.string(),
    legalProviders,
    isDefault: z.boolean(),
    referral: z.object({
      referrerBonusCents: z.string(),
      refereeBonusCents: z.string(),
      minimumInvestmentCents: z.string(),
      budgetCents: z.string().nullable(),
      paidCents: z.string(),
    }),
    investors: z.number().int(),
    updatedAt: z.string(),
  });
export type PartnerAdminView = z.infer<typeof partnerAdminView>;

const httpsUrl = z
  .string()
  .trim()
  .max(500)
  .regex(/^https?:\/\/[^\s]+$/, 'Bitte eine vollständige Adresse mit https:// angeben.');

export const updatePartnerBody = z.object({
  name: z.string().trim().min(2, 'Bitte gib einen Namen an.').max(80),
  colors: appConfig.shape.colors,
  appIcon: httpsUrl.or(z.string().regex(/^\/[^\s]*$/, 'Pfad oder Adresse des Icons')),
  featureFlags: appConfig.shape.featureFlags,
  introSlides: z
    .array(
      introSlide.extend({
        title: z.string().trim().min(1, 'Titel fehlt.').max(80),
        text: z.string().trim().min(1, 'Text fehlt.').max(400),
        imageUrl: z.string().trim().max(500),
      }),
    )
    .max(6, 'Höchstens 6 Intro-Folien.'),
  webAppURL: httpsUrl,
  imprint: z.string().trim().max(4_000),
  supportEmail: z.union([z.literal(''), z.email('Bitte eine gültige E-Mail-Adresse angeben.')]),
  supportPhone: z
    .string()
    .trim()
    .max(30)
    .regex(/^$|^\+?[0-9 ()/-]{6,30}$/, 'Bitte eine gültige Telefonnummer angeben.'),
  /** Left out: the referral terms stay as they are. */
  referral: z.lazy(() => referralTermsBody).optional(),
  /** The companies its legal documents name (ADR 0050); left out: they stay as they are. */
  legalProviders: legalProviders.optional(),
});
export type UpdatePartnerBody = z.infer<typeof updatePartnerBody>;

const centsText = z.string().regex(/^\d{1,12}$/, 'Betrag in Cent');

/** The referral programme's terms of a partner (issue 25): both bonuses, the qualifying minimum, the budget. */
export const referralTermsBody = z.object({
  referrerBonusCents: centsText,
  refereeBonusCents: centsText,
  minimumInvestmentCents: centsText,
  budgetCents: centsText.nullable(),
});

export const partnerParams = z.object({ appId: z.string().min(1).max(64) });

const identifier = z
  .string()
  .trim()
  .min(2, 'Mindestens 2 Zeichen.')
  .max(40, 'Höchstens 40 Zeichen.')
  .regex(/^[a-z0-9][a-z0-9-]*$/, 'Nur Kleinbuchstaben, Ziffern und Bindestriche.');
const appPackage = z
  .string()
  .trim()
  .max(120)
  .regex(/^[a-zA-Z][a-zA-Z0-9_]*(\.[a-zA-Z0-9_]+)+$/, 'Eine Kennung wie at.partner.app angeben.');
const feeBps = z.number().int().min(0, 'Nicht unter 0.').max(1_000, 'Höchstens 1.000 Basispunkte (10 %).').nullable();

/** A new partner (white-label tenant) with its look, app identities and fees (issue 21). */
export const createPartnerBody = updatePartnerBody.extend({
  appId: identifier,
  partnerId: identifier,
  appURL: httpsUrl,
  domainUriPrefix: httpsUrl,
  androidPackageName: appPackage,
  iosBundleId: appPackage,
  appStoreId: z
    .string()
    .trim()
    .regex(/^\d{1,20}$/, 'Nur Ziffern.'),
  /** Null: the platform's fees. */
  transactionFeeBps: feeBps,
  brokerageFeeBps: feeBps,
  /** The partner a visitor without a choice gets; only one is. */
  isDefault: z.boolean().default(false),
  sortOrder: z.number().int().min(0).max(100_000).default(1000),
});
export type CreatePartnerBody = z.input<typeof createPartnerBody>;
