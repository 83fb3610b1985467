import { z } from 'zod';

/**
 * Spec section 1: the nine feature flags seen in partner configurations, and `copyMe` (issue 20,
 * ADR 0035): the partner takes part in copying a profile to and from its accounts.
 */
export const featureFlagNames = [
  'introSlidesSignUp',
  'partnerSelectionPage',
  'referral',
  'liking',
  'easter',
  'bonusCodes',
  'partialEmission',
  'enableChart',
  'marketingConsent',
  'copyMe',
] as const;
export type FeatureFlagName = (typeof featureFlagNames)[number];

export const featureFlags = z.object(
  Object.fromEntries(featureFlagNames.map((name) => [name, z.boolean()])) as Record<FeatureFlagName, z.ZodBoolean>,
);
export type FeatureFlags = z.infer<typeof featureFlags>;

/** `#rrggbb` only: colours become CSS custom properties, so nothing else may pass. */
export const hexColor = z.string().regex(/^#[0-9a-fA-F]{6}$/, 'Farbe muss #RRGGBB sein');

/** Spec section 3, App config: colours. */
export const partnerColors = z.object({
  brand: hexColor,
  primary: hexColor,
  systemSuccess: hexColor,
  systemError: hexColor,
  highlight: hexColor,
  navy100: hexColor,
  navy300: hexColor,
  navy500: hexColor,
  navy700: hexColor,
  navy900: hexColor,
  ctaLabel: hexColor,
});
export type PartnerColors = z.infer<typeof partnerColors>;

export const introSlide = z.object({
  title: z.string(),
  text: z.string(),
  imageUrl: z.string(),
});
export type IntroSlide = z.infer<typeof introSlide>;

/**
 * The marketplace map's tiles (issue 27): an OpenStreetMap-compatible `{z}/{x}/{y}` URL template,
 * the attribution its licence asks for, and the deepest zoom it serves. Per partner, with the
 * platform's default below; the operator may override it for all partners (`MAP_TILE_URL`).
 */
export const mapSettings = z.object({
  tileUrl: z
    .string()
    .max(500)
    .regex(/^https?:\/\/[^\s]+$/)
    .refine((url) => ['{z}', '{x}', '{y}'].every((part) => url.includes(part)), 'braucht {z}, {x} und {y}'),
  attribution: z.string().min(1).max(300),
  maxZoom: z.number().int().min(1).max(22),
});
export type MapSettings = z.infer<typeof mapSettings>;

export const DEFAULT_MAP_SETTINGS: MapSettings = {
  tileUrl: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
  attribution: '© OpenStreetMap-Mitwirkende',
  maxZoom: 19,
};

const companyName = z.string().trim().min(2, 'Bitte gib den Namen des Unternehmens an.').max(120);

/**
 * The companies behind a partner's legal documents (issue 34, ADR 0050): every document the
 * investor accepts is named with its provider. The further provider is the provider of the
 * qualified electronic signature; the customer information is the product provider's.
 */
export const legalProviders = z.object({
  productProvider: companyName,
  identityProvider: companyName,
  energyProvider: companyName,
  paymentProvider: companyName,
  furtherProvider: companyName,
});
export type LegalProviders = z.infer<typeof legalProviders>;

/** The platform's own providers: a partner without its own list names these. */
export const DEFAULT_LEGAL_PROVIDERS: LegalProviders = {
  productProvider: 'Brickwise Invest GmbH',
  identityProvider: 'IDnow GmbH',
  energyProvider: 'Brickwise Energie GmbH',
  paymentProvider: 'Mangopay S.A.',
  furtherProvider: 'Skribble AG',
};

/** Spec section 3, App config. */
export const appConfig = z.object({
  appId: z.string(),
  partnerId: z.string(),
  name: z.string(),
  colors: partnerColors,
  appIcon: z.string(),
  featureFlags,
  introSlides: z.array(introSlide),
  appURL: z.string(),
  webAppURL: z.string(),
  domainUriPrefix: z.string(),
  androidPackageName: z.string(),
  iosBundleId: z.string(),
  appStoreId: z.string(),
  map: mapSettings,
  legalProviders,
});
export type AppConfig = z.infer<typeof appConfig>;

export const appIdParams = z.object({ appId: z.string().min(1).max(64) });
export const webAppUrlQuery = z.object({ webAppURL: z.string().min(1).max(2048) });

/** Spec section 3, Platform info: fees in basis points; the default fee falls back to 0. */
export const platformFees = z.object({
  transactionFeeBps: z.number().int().min(0).max(10_000),
  brokerageFeeBps: z.number().int().min(0).max(10_000),
  defaultFeeBps: z.number().int().min(0).max(10_000),
});
export type PlatformFees = z.infer<typeof platformFees>;

export const frontendVersion = z.object({ version: z.string() });
export type FrontendVersion = z.infer<typeof frontendVersion>;

/** Header carrying the partner id (spec section 6). */
export const PARTNER_HEADER = 'x-partner-id';
