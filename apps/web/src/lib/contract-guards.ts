import type {
  AppConfig,
  PARTNER_HEADER as ContractPartnerHeader,
  featureFlagNames as contractFlagNames,
  FeatureFlagName,
  FeatureFlags,
  FrontendVersion,
  LegalProviders,
  MapSettings,
  PlatformFees,
  SocketConnection,
} from '@bw/contracts';
import {
  arrayOf,
  bool,
  type Check,
  type Checked,
  guard,
  intBetween,
  matching,
  objectOf,
  oneOf,
  type SameType,
  str,
} from './guard';

/**
 * Guards for the calls of the startup path (contracts: `appConfig`, `featureFlags`, `platformFees`,
 * `frontendVersion`, `socketConnection` in @bw/contracts). They keep zod out of the
 * marketplace's initial JavaScript; `contract-guards.test.ts` runs each against its zod schema.
 */
/**
 * Spec section 1's feature flags. A value import from `@bw/contracts` would bring every contract
 * module, and zod with them, into the initial chunk, so the list is restated here and the compiler
 * checks it against the contract's.
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
] as const satisfies readonly FeatureFlagName[];
const sameFlagNames: SameType<typeof featureFlagNames, typeof contractFlagNames> = true;
void sameFlagNames;

/** `x-partner-id` (spec section 6), restated for the same reason. */
export const PARTNER_HEADER: typeof ContractPartnerHeader = 'x-partner-id';

const hexColor = matching(/^#[0-9a-fA-F]{6}$/, '#RRGGBB');

export const checkFeatureFlags = objectOf(
  Object.fromEntries(featureFlagNames.map((name) => [name, bool])) as Record<keyof FeatureFlags, typeof bool>,
);

/**
 * The platform's default map (contracts `DEFAULT_MAP_SETTINGS`, restated for the same reason as
 * the flags). A config stored by an older version has no map: it gets this one until refreshed.
 */
export const DEFAULT_MAP: MapSettings = {
  tileUrl: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
  attribution: '© OpenStreetMap-Mitwirkende',
  maxZoom: 19,
};
const checkMapSettings = objectOf({ tileUrl: str, attribution: str, maxZoom: intBetween(1, 22) });
const checkMapOrDefault: Check<MapSettings> = (input, path) =>
  input === undefined ? DEFAULT_MAP : checkMapSettings(input, path);

/**
 * The platform's own legal providers (contracts `DEFAULT_LEGAL_PROVIDERS`, restated for the same
 * reason). A config stored by an older version has none: it gets these until refreshed.
 */
export const DEFAULT_PROVIDERS: LegalProviders = {
  productProvider: 'Brickwise Invest GmbH',
  identityProvider: 'IDnow GmbH',
  energyProvider: 'Brickwise Energie GmbH',
  paymentProvider: 'Mangopay S.A.',
  furtherProvider: 'Skribble AG',
};
const checkLegalProviders = objectOf({
  productProvider: str,
  identityProvider: str,
  energyProvider: str,
  paymentProvider: str,
  furtherProvider: str,
});
const checkProvidersOrDefault: Check<LegalProviders> = (input, path) =>
  input === undefined ? DEFAULT_PROVIDERS : checkLegalProviders(input, path);

const checkAppConfig = objectOf({
  appId: str,
  partnerId: str,
  name: str,
  colors: objectOf({
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
  }),
  appIcon: str,
  featureFlags: checkFeatureFlags,
  introSlides: arrayOf(objectOf({ title: str, text: str, imageUrl: str })),
  appURL: str,
  webAppURL: str,
  domainUriPrefix: str,
  androidPackageName: str,
  iosBundleId: str,
  appStoreId: str,
  map: checkMapOrDefault,
  legalProviders: checkProvidersOrDefault,
});

const fee = intBetween(0, 10_000);
const checkFees = objectOf({ transactionFeeBps: fee, brokerageFeeBps: fee, defaultFeeBps: fee });
const checkFrontendVersion = objectOf({ version: str });
const checkSocketConnection = objectOf({
  url: str,
  path: str,
  transports: arrayOf(oneOf(['websocket', 'polling'])),
});

/** Compile-time proof that every guard yields exactly its contract's type. */
export const guardsMatchContracts: [
  SameType<Checked<typeof checkAppConfig>, AppConfig>,
  SameType<Checked<typeof checkFeatureFlags>, FeatureFlags>,
  SameType<Checked<typeof checkFees>, PlatformFees>,
  SameType<Checked<typeof checkFrontendVersion>, FrontendVersion>,
  SameType<Checked<typeof checkSocketConnection>, SocketConnection>,
] = [true, true, true, true, true];

export const appConfigGuard = guard<AppConfig>(checkAppConfig);
export const appConfigListGuard = guard<AppConfig[]>(arrayOf(checkAppConfig));
export const featureFlagsGuard = guard<FeatureFlags>(checkFeatureFlags);
export const platformFeesGuard = guard<PlatformFees>(checkFees);
export const frontendVersionGuard = guard<FrontendVersion>(checkFrontendVersion);
export const socketConnectionGuard = guard<SocketConnection>(checkSocketConnection);
