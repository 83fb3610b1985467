/**
 * Every route of spec section 2, in one object: no route string appears anywhere else.
 *
 * - `paths.general`: the general routes, outside the route families.
 * - `paths.families`: the three route-family prefixes.
 * - `paths.screens`: every screen by key, with its pattern in the mobile families (`/app` and
 *   `/mobileWeb` share names) and in `/desktopWeb` (nested paths). `null` means the family has no
 *   such screen; `fallback` says which screen stands in for it there.
 */

export const families = ['app', 'mobileWeb', 'desktopWeb'] as const;
export type Family = (typeof families)[number];

/** Every screen name of spec section 2 (the table below must define exactly these). */
export const screenKeys = [
  'marketplace',
  'investments',
  'account',
  'inbox',
  'inboxItem',
  'support',
  'supportWriteUs',
  'supportCallBack',
  'login',
  'biometricLogin',
  'introSlides',
  'selectPartner',
  'register',
  'companyRegistration',
  'identification',
  'knowledgeAndExperience',
  'buildingKnowledgeAndExperience',
  'resetPassword',
  'settings',
  'imprintDetails',
  'securityAppIntegration',
  'updateSecurityApp',
  'privateSecurityApp',
  'asset',
  'assetSubpage',
  'assetInfo',
  'assetLocationDetails',
  'assetInvestmentDetails',
  'assetRentDetails',
  'assetRecords',
  'assetImprintInfo',
  'investment',
  'powerplantPortfolioInvestment',
  'partnerInvestment',
  'buildingInvestment',
  'trading',
  'tradingBuy',
  'tradingSell',
  'tradingCreateBuyOffer',
  'tradingCreateSellOffer',
  'buyOfferOverview',
  'tradingOfferOverview',
  'updateApp',
  'biometrics',
  'notifications',
  'addPayout',
  'continueOnNative',
  'continueOnMobile',
  'comingSoon',
] as const;
export type ScreenKey = (typeof screenKeys)[number];

export type ScreenParams = Readonly<Record<string, string>>;
export type ScreenRef = { readonly key: ScreenKey; readonly params?: ScreenParams; readonly search?: string };

type ScreenDefinition = {
  /** Pattern under /app and /mobileWeb, or null. */
  readonly mobile: string | null;
  /** Pattern under /desktopWeb, or null. */
  readonly desktop: string | null;
  /** Spec section 2: "mobileWeb only: continue-on-native and building/knowledge-and-experience". */
  readonly mobileWebOnly?: true;
  /** Which screen a family without this one shows instead. */
  readonly fallback?: (params: ScreenParams) => ScreenRef;
  /** Guests (not logged in) may open it; the others ask to register or log in first. */
  readonly guest: boolean;
};

const marketplace: ScreenRef = { key: 'marketplace' };
const toMarketplace = () => marketplace;
const assetSubpage = (subpage: string) => (params: ScreenParams) => ({
  key: 'assetSubpage' as const,
  params: { id: params.id ?? '', subpage },
});

/** Mobile `asset/{id}/{subpage}` names that are their own screens on desktop. */
const desktopAssetSubpages: Readonly<Record<string, ScreenKey>> = {
  details: 'asset',
  'asset-info': 'assetInfo',
  'location-details': 'assetLocationDetails',
  'investment-details': 'assetInvestmentDetails',
  'rent-details': 'assetRentDetails',
  'asset-records': 'assetRecords',
  'imprint-info': 'assetImprintInfo',
};
const toDesktopAssetSubpage = (params: ScreenParams): ScreenRef => ({
  key: desktopAssetSubpages[params.subpage ?? ''] ?? 'asset',
  params: { id: params.id ?? '' },
});

const screenTable: Readonly<Record<ScreenKey, ScreenDefinition>> = {
  marketplace: { mobile: 'marketplace', desktop: 'marketplace', guest: true },
  investments: { mobile: 'investments', desktop: 'investments', guest: false },
  account: { mobile: 'account', desktop: 'account', guest: false },
  inbox: { mobile: 'inbox', desktop: 'inbox', guest: false },
  inboxItem: { mobile: 'inbox/:id', desktop: null, fallback: () => ({ key: 'inbox' }), guest: false },
  support: { mobile: 'support', desktop: 'support', guest: true },
  supportWriteUs: { mobile: 'support/writeUs', desktop: 'support/write-us', guest: true },
  supportCallBack: { mobile: 'support/callBack', desktop: 'support/call-back', guest: true },
  login: { mobile: 'login', desktop: 'login', guest: true },
  biometricLogin: { mobile: 'biometricLogin', desktop: null, fallback: () => ({ key: 'login' }), guest: true },
  introSlides: { mobile: 'introSlides', desktop: null, fallback: toMarketplace, guest: true },
  selectPartner: { mobile: 'selectPartner', desktop: null, fallback: toMarketplace, guest: true },
  register: { mobile: 'register', desktop: 'register', guest: true },
  companyRegistration: { mobile: 'company-registration', desktop: 'company-registration', guest: true },
  identification: { mobile: 'identification', desktop: 'identification', guest: false },
  knowledgeAndExperience: { mobile: 'knowledge-and-experience', desktop: 'knowledge-and-experience', guest: false },
  buildingKnowledgeAndExperience: {
    mobile: 'building/knowledge-and-experience',
    desktop: 'building/knowledge-and-experience',
    mobileWebOnly: true,
    fallback: () => ({ key: 'knowledgeAndExperience' }),
    guest: false,
  },
  resetPassword: { mobile: 'reset-password', desktop: 'reset-password', guest: true },
  settings: { mobile: 'settings', desktop: 'settings', guest: false },
  imprintDetails: { mobile: 'imprint-details', desktop: 'imprint-details', guest: true },
  securityAppIntegration: { mobile: 'security-app-integration', desktop: null, fallback: toMarketplace, guest: false },
  updateSecurityApp: { mobile: 'update-security-app', desktop: null, fallback: toMarketplace, guest: false },
  privateSecurityApp: { mobile: 'private-security-app', desktop: null, fallback: toMarketplace, guest: false },
  asset: { mobile: 'asset/:id', desktop: 'asset/:id/details', guest: true },
  assetSubpage: { mobile: 'asset/:id/:subpage', desktop: null, fallback: toDesktopAssetSubpage, guest: true },
  assetInfo: { mobile: null, desktop: 'asset/:id/asset-info', fallback: assetSubpage('asset-info'), guest: true },
  assetLocationDetails: {
    mobile: null,
    desktop: 'asset/:id/location-details',
    fallback: assetSubpage('location-details'),
    guest: true,
  },
  assetInvestmentDetails: {
    mobile: null,
    desktop: 'asset/:id/investment-details',
    fallback: assetSubpage('investment-details'),
    guest: true,
  },
  assetRentDetails: {
    mobile: null,
    desktop: 'asset/:id/rent-details',
    fallback: assetSubpage('rent-details'),
    guest: true,
  },
  assetRecords: {
    mobile: null,
    desktop: 'asset/:id/asset-records',
    fallback: assetSubpage('asset-records'),
    guest: true,
  },
  assetImprintInfo: { mobile: 'asset/:id/imprint-info', desktop: 'asset/:id/imprint-info', guest: true },
  investment: { mobile: 'investment/:id', desktop: 'investment/:id', guest: false },
  powerplantPortfolioInvestment: {
    mobile: 'powerplant-portfolio-investment/:id',
    desktop: 'powerplant-portfolio-investment/:id',
    guest: false,
  },
  partnerInvestment: { mobile: 'partner-investment/:id', desktop: 'partner-investment/:id', guest: false },
  buildingInvestment: { mobile: 'building-investment/:id', desktop: 'building-investment/:id', guest: false },
  trading: { mobile: 'trading/:id', desktop: 'trading/:id', guest: false },
  tradingBuy: {
    mobile: null,
    desktop: 'trading/:id/buy/:offerId',
    fallback: (p: ScreenParams) => ({ key: 'buyOfferOverview', params: { id: p.offerId ?? '' } }),
    guest: false,
  },
  tradingSell: {
    mobile: null,
    desktop: 'trading/:id/sell/:offerId',
    fallback: (p: ScreenParams) => ({ key: 'tradingOfferOverview', params: { id: p.offerId ?? '' } }),
    guest: false,
  },
  tradingCreateBuyOffer: {
    mobile: null,
    desktop: 'trading/:id/create-buy-offer',
    fallback: (p: ScreenParams) => ({ key: 'trading', params: { id: p.id ?? '' } }),
    guest: false,
  },
  tradingCreateSellOffer: {
    mobile: null,
    desktop: 'trading/:id/create-sell-offer',
    fallback: (p: ScreenParams) => ({ key: 'trading', params: { id: p.id ?? '' } }),
    guest: false,
  },
  buyOfferOverview: { mobile: 'buy-offer-overview/:id', desktop: null, fallback: toMarketplace, guest: false },
  tradingOfferOverview: { mobile: 'trading-offer-overview/:id', desktop: null, fallback: toMarketplace, guest: false },
  updateApp: { mobile: 'updateApp', desktop: null, fallback: toMarketplace, guest: true },
  biometrics: { mobile: 'biometrics', desktop: null, fallback: () => ({ key: 'settings' }), guest: false },
  notifications: { mobile: 'notifications', desktop: null, fallback: () => ({ key: 'inbox' }), guest: false },
  addPayout: { mobile: 'add-payout', desktop: null, fallback: () => ({ key: 'account' }), guest: false },
  continueOnNative: {
    mobile: 'continue-on-native',
    desktop: null,
    mobileWebOnly: true,
    fallback: toMarketplace,
    guest: true,
  },
  continueOnMobile: { mobile: null, desktop: 'continue-on-mobile', fallback: toMarketplace, guest: true },
  comingSoon: { mobile: null, desktop: 'comingSoon', fallback: toMarketplace, guest: true },
};

export const paths = {
  general: {
    root: '/',
    networkError: '/networkError',
    downloadMobileApp: '/downloadMobileApp',
    /** query platform and token */
    finishExternalAuth: '/finishExternalAuth',
    redirect: '/redirect',
    /** email verification */
    verify: '/verify/:token',
    passwordReset: '/password-reset/:token',
    selectPartner: '/selectPartner',
    /** Development mailbox (issue 4): sandbox e-mails and SMS, outside production only. */
    devMailbox: '/dev/mailbox',
  },
  families: { app: '/app', mobileWeb: '/mobileWeb', desktopWeb: '/desktopWeb' } satisfies Record<Family, string>,
  screens: screenTable,
} as const;

export type GeneralRouteKey = keyof typeof paths.general;

/** The screen's pattern in a family, or null when the family does not have it. */
export const screenPattern = (family: Family, key: ScreenKey): string | null => {
  const definition = paths.screens[key];
  if (family === 'desktopWeb') return definition.desktop;
  if (family === 'app' && definition.mobileWebOnly) return null;
  return definition.mobile;
};

const MAX_FALLBACK_STEPS = 4;

/** The same screen in another family: itself when the family has it, else its fallback (spec section 2). */
export const screenForFamily = (ref: ScreenRef, family: Family): ScreenRef => {
  let current = ref;
  for (let step = 0; step < MAX_FALLBACK_STEPS; step++) {
    if (screenPattern(family, current.key) !== null) return current;
    const fallback = paths.screens[current.key].fallback;
    const next = fallback ? fallback(current.params ?? {}) : marketplace;
    current = { ...next, ...(current.search ? { search: current.search } : {}) };
  }
  return marketplace;
};

/** Fills `:param` segments; every value is URI-encoded so an id cannot add path segments. */
export const fillPattern = (pattern: string, params: ScreenParams = {}): string =>
  pattern
    .split('/')
    .map((segment) => {
      if (!segment.startsWith(':')) return segment;
      const value = params[segment.slice(1)];
      if (value === undefined || value === '') throw new Error(`Missing route parameter ${segment} in ${pattern}`);
      return encodeURIComponent(value);
    })
    .join('/');

/** Absolute href of a screen in a family, e.g. `/desktopWeb/support/write-us`. */
export const screenHref = (family: Family, ref: ScreenRef): string => {
  const resolved = screenForFamily(ref, family);
  const pattern = screenPattern(family, resolved.key) ?? 'marketplace';
  const search = resolved.search ? (resolved.search.startsWith('?') ? resolved.search : `?${resolved.search}`) : '';
  return `${paths.families[family]}/${fillPattern(pattern, resolved.params)}${search}`;
};

export const generalHref = (key: GeneralRouteKey, params: ScreenParams = {}): string =>
  fillPattern(paths.general[key], params);
