import type { Catalog } from '@bw/i18n';
import { Navigate, type RouteObject, redirect } from 'react-router';
import { type Family, paths, type ScreenKey, screenHref, screenKeys, screenPattern } from '../config/paths';
import type { RouteHandle } from '../config/route-handle';
import { AssetRoute } from '../features/assets/components/asset-route';
import { MarketplacePage } from '../features/marketplace/components/marketplace-page';
import { withChunkTimeout } from '../lib/chunk-timeout';
import { resolveDeepLink } from '../lib/deep-links';
import { ensureFeatureTexts } from '../lib/i18n';
import { currentPlatform } from '../lib/platform';
import { parseLocation } from '../lib/screen-match';
import { familyOf } from '../lib/startup';
import { rootLoader } from './bootstrap';
import { DesktopLayout } from './layouts/desktop-layout';
import { MobileLayout } from './layouts/mobile-layout';
import { RootError } from './layouts/root-error';
import { RootLayout } from './layouts/root-layout';
import { Component as NetworkErrorPage } from './routes/network-error';

/** Every screen key has a route name in the catalog (checked by the compiler). */
type MissingTitles = Exclude<ScreenKey, keyof Catalog['routes']>;
const everyScreenHasATitle: MissingTitles extends never ? true : MissingTitles = true;
void everyScreenHasATitle;

type LazyModule = { Component: () => React.ReactNode };
type Lazy = () => Promise<LazyModule>;

const offerPage: Lazy = () => import('../features/bulletin-board/components/offer-page');
const investmentPage: Lazy = () => import('../features/investments/components/investment-detail-page');
const kaePage: Lazy = () =>
  import('../features/knowledge-and-experience/components/knowledge-and-experience-page').then((m) => ({
    Component: m.KnowledgeAndExperiencePage,
  }));

/** Every screen's own code, loaded lazily: the marketplace and the asset pages are the shell's (below). */
type ScreenWithModule = Exclude<ScreenKey, 'marketplace' | `asset${string}`>;
const screenModules: Record<ScreenWithModule, Lazy> = {
  knowledgeAndExperience: kaePage,
  buildingKnowledgeAndExperience: kaePage,
  // Spec section 4: the personal-data steps (Address … PhoneNumber) come first, then the identification.
  identification: () =>
    Promise.all([
      import('../features/personal-data/components/personal-data-gate'),
      import('../features/identification/components/identification-page'),
    ]).then(([{ PersonalDataGate }, { IdentificationPage }]) => ({
      Component: () => (
        <PersonalDataGate>
          <IdentificationPage />
        </PersonalDataGate>
      ),
    })),
  companyRegistration: () =>
    import('../features/company-registration/components/company-registration-page').then((m) => ({
      Component: m.CompanyRegistrationPage,
    })),
  login: () => import('../features/auth/components/login-page').then((m) => ({ Component: m.LoginPage })),
  // Issue 20 and 26: the biometrics prompt and the biometric login (ADR 0029).
  biometrics: () =>
    import('../features/auth/components/biometrics-page').then((m) => ({ Component: m.BiometricsPage })),
  biometricLogin: () =>
    import('../features/auth/components/biometric-login-page').then((m) => ({ Component: m.BiometricLoginPage })),
  register: () => import('../features/auth/components/register-page').then((m) => ({ Component: m.RegisterPage })),
  resetPassword: () =>
    import('../features/auth/components/reset-password-page').then((m) => ({ Component: m.ResetPasswordPage })),
  settings: () => import('../features/settings/components/settings-page').then((m) => ({ Component: m.SettingsPage })),
  account: () =>
    import('../features/payment-account/components/account-page').then((m) => ({ Component: m.AccountPage })),
  addPayout: () =>
    import('../features/payment-account/components/add-payout-page').then((m) => ({ Component: m.AddPayoutPage })),
  introSlides: () => import('./routes/intro-slides'),
  selectPartner: () => import('./routes/select-partner'),
  updateApp: () => import('./routes/update-app'),
  // Issue 8: linking the security app and registering a private one.
  securityAppIntegration: () =>
    import('../features/security-app/components/security-app-integration-page').then((m) => ({
      Component: m.SecurityAppIntegrationPage,
    })),
  updateSecurityApp: () =>
    import('../features/security-app/components/security-app-integration-page').then((m) => ({
      Component: m.UpdateSecurityAppPage,
    })),
  privateSecurityApp: () =>
    import('../features/security-app/components/private-security-app-page').then((m) => ({
      Component: m.PrivateSecurityAppPage,
    })),
  // Issue 9: the buy flow from the issuer and the investments screens; issue 10 plugs the bulletin
  // board's buy and sell panels into its market tabs and adds the offer screens.
  trading: () =>
    Promise.all([
      import('../features/trading/components/trading-page'),
      import('../features/bulletin-board/components/market-panels'),
    ]).then(([trading, board]) => ({ Component: () => <trading.TradingPage panels={board.marketPanels} /> })),
  tradingBuy: offerPage,
  tradingSell: offerPage,
  buyOfferOverview: offerPage,
  tradingOfferOverview: offerPage,
  tradingCreateBuyOffer: () =>
    import('../features/bulletin-board/components/create-offer-page').then((m) => ({
      Component: m.CreateBuyOfferPage,
    })),
  tradingCreateSellOffer: () =>
    import('../features/bulletin-board/components/create-offer-page').then((m) => ({
      Component: m.CreateSellOfferPage,
    })),
  investments: () => import('../features/investments/components/investments-page'),
  // Issue 23: inbox, notification settings and support.
  inbox: () => import('../features/inbox/components/inbox-page'),
  inboxItem: () => import('../features/inbox/components/inbox-item-page'),
  notifications: () => import('../features/inbox/components/notification-settings-page'),
  support: () => import('../features/support/components/support-page'),
  supportWriteUs: () =>
    import('../features/support/components/support-forms').then((m) => ({ Component: m.WriteUsPage })),
  supportCallBack: () =>
    import('../features/support/components/support-forms').then((m) => ({ Component: m.CallBackPage })),
  investment: investmentPage,
  buildingInvestment: investmentPage,
  powerplantPortfolioInvestment: investmentPage,
  partnerInvestment: investmentPage,
  // Issue 20: the placeholders made real.
  continueOnMobile: () =>
    import('../features/settings/components/continue-on-page').then((m) => ({ Component: m.ContinueOnMobilePage })),
  continueOnNative: () =>
    import('../features/settings/components/continue-on-page').then((m) => ({ Component: m.ContinueOnNativePage })),
  comingSoon: () => import('../features/settings/components/info-pages').then((m) => ({ Component: m.ComingSoonPage })),
  imprintDetails: () =>
    import('../features/settings/components/info-pages').then((m) => ({ Component: m.ImprintPage })),
};

/** Full-screen flows without the family's header and navigation. */
const bareScreens: ReadonlySet<ScreenKey> = new Set(['introSlides', 'selectPartner', 'updateApp']);

/**
 * Issue 6: every asset route (`asset…` in `paths`: tabs on the phone families, sub-pages on desktop) is the shell's
 * `AssetRoute`, which shows the header from the cached list at once and loads the page's own code
 * lazily. That code uses the shell's catalog only (`routes.test.ts` checks its sources), so it does
 * not wait for the lazy screens' texts.
 */
export const assetScreens: ReadonlySet<ScreenKey> = new Set(screenKeys.filter((key) => key.startsWith('asset')));

const screenRoute = (key: ScreenKey, path: string): RouteObject => {
  const handle: RouteHandle = { title: key, screen: key, ...(bareScreens.has(key) ? { bare: true } : {}) };
  if (key === 'marketplace') return { path, handle, Component: MarketplacePage };
  if (assetScreens.has(key)) return { path, handle, Component: AssetRoute };
  // Not the marketplace and not an asset screen (both returned above).
  const load = screenModules[key as ScreenWithModule];
  // A lazy screen comes with the texts of the lazily loaded features (lib/i18n.ts).
  // Spec section 7: a chunk that takes longer than 120 s shows the network-error screen.
  const lazy = () =>
    withChunkTimeout(
      Promise.all([load(), ensureFeatureTexts()]).then(([module]) => module),
      (): LazyModule => ({ Component: NetworkErrorPage }),
    );
  return { path, handle, lazy };
};

/** A family's catch-all: unknown desktop paths show the not-found page, the phone families go to the marketplace. */
const unknownRoute = (family: Family): RouteObject =>
  family === 'desktopWeb'
    ? { path: '*', handle: { title: 'notFound' } satisfies RouteHandle, lazy: () => import('./routes/not-found') }
    : { path: '*', element: <Navigate to={screenHref(family, { key: 'marketplace' })} replace /> };

/** The family's index: the marketplace. */
const marketplaceIndex = (): RouteObject => ({
  index: true,
  handle: { title: 'marketplace', screen: 'marketplace' } satisfies RouteHandle,
  Component: MarketplacePage,
});

/** A family's screens (spec section 2), built from `paths.screens`; its catch-all is `unknownRoute`. */
export const familyScreenRoutes = (family: Family): RouteObject[] => {
  const screens = screenKeys.flatMap((key) => {
    const pattern = screenPattern(family, key);
    return pattern === null ? [] : [screenRoute(key, pattern)];
  });
  return [marketplaceIndex(), ...screens];
};

/**
 * The opened family's routes at the start: the marketplace, the screen of the opened address and the
 * catch-all. Building and ranking a whole family's routes was one of the start's long tasks after the
 * first paint (issue 27: Lighthouse on a phone); the other screens come with the first navigation
 * to one of them (`patchFamilyRoutes`), like another family's.
 */
export const openedFamilyRoutes = (family: Family, pathname: string): RouteObject[] => {
  const opened = parseLocation(pathname);
  const key = opened.kind === 'screen' && opened.family === family ? opened.screen?.key : undefined;
  const pattern = key === undefined ? null : screenPattern(family, key);
  const screen = key !== undefined && pattern !== null ? [screenRoute(key, pattern)] : [];
  return [marketplaceIndex(), ...screen, unknownRoute(family)];
};

export const familyRouteId = (family: Family): string => `family-${family}`;

const general = paths.general;
const relative = (path: string) => path.slice(1);

/** Continues a token link in the right family (spec section 2 deep links). */
const tokenRedirect =
  (prefix: 'verify' | 'password-reset') =>
  ({ params }: { params: Record<string, string | undefined> }) =>
    redirect(screenHref(currentPlatform(), resolveDeepLink(`${prefix}/${params.token ?? ''}`)));

/**
 * The route table. Only the family of the opened address comes with screens, and of those only the
 * marketplace and the opened one (issues 6 and 27: building and ranking the routes was a long task of
 * every start); a family gets its other screens on the first navigation that needs them, when
 * `patchFamilyRoutes` adds them.
 */
export const createRoutes = (openedFamily: Family | null, openedPath = ''): RouteObject[] => {
  const family = (key: Family, Layout: () => React.ReactNode): RouteObject => ({
    id: familyRouteId(key),
    path: relative(paths.families[key]),
    Component: Layout,
    children: key === openedFamily ? openedFamilyRoutes(key, openedPath) : [unknownRoute(key)],
  });
  return [
    {
      id: 'root',
      path: general.root,
      Component: RootLayout,
      ErrorBoundary: RootError,
      HydrateFallback: () => null,
      loader: rootLoader,
      // The startup gate runs before every navigation (spec section 2: routing waits until ready).
      shouldRevalidate: () => true,
      children: [
        { index: true, element: null, handle: { title: 'root' } satisfies RouteHandle },
        {
          path: relative(general.networkError),
          handle: { title: 'networkError' } satisfies RouteHandle,
          // Not lazy: it is shown when no chunk can be loaded any more.
          Component: NetworkErrorPage,
        },
        {
          path: relative(general.downloadMobileApp),
          handle: { title: 'downloadMobileApp' } satisfies RouteHandle,
          lazy: () => import('./routes/download-mobile-app'),
        },
        {
          path: relative(general.finishExternalAuth),
          handle: { title: 'finishExternalAuth' } satisfies RouteHandle,
          lazy: () =>
            import('../features/auth/components/finish-external-auth-page').then((m) => ({
              Component: m.FinishExternalAuthPage,
            })),
        },
        {
          // The development mailbox (issue 4); its API answers 404 in production and the page says so.
          path: relative(general.devMailbox),
          lazy: () =>
            import('../features/dev-mailbox/components/dev-mailbox-page').then((m) => ({
              Component: m.DevMailboxPage,
            })),
        },
        {
          path: relative(general.redirect),
          handle: { title: 'redirect' } satisfies RouteHandle,
          lazy: () => import('./routes/redirect'),
        },
        { path: relative(general.verify), loader: tokenRedirect('verify'), element: null },
        { path: relative(general.passwordReset), loader: tokenRedirect('password-reset'), element: null },
        {
          path: relative(general.selectPartner),
          handle: { title: 'selectPartner' } satisfies RouteHandle,
          lazy: () => import('./routes/select-partner'),
        },
        family('app', MobileLayout),
        family('mobileWeb', MobileLayout),
        family('desktopWeb', DesktopLayout),
        // Deep links (spec section 2) are resolved by the root loader's gate before this renders.
        { path: '*', element: null },
      ],
    },
  ];
};

/**
 * React Router asks before a navigation whose address only a catch-all (or a route with parameters)
 * matches (its `patchRoutesOnNavigation`): a family gets all its screens then, once. The routes it
 * already has are kept (React Router skips a patched route with the same path).
 */
export const patchFamilyRoutes = () => {
  const patched = new Set<Family>();
  return ({ path, patch }: { path: string; patch: (routeId: string, children: RouteObject[]) => void }) => {
    const family = familyOf(path);
    if (!family || patched.has(family)) return;
    patched.add(family);
    patch(familyRouteId(family), familyScreenRoutes(family));
  };
};
