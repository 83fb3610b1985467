import type { AppConfig, FeatureFlagName, FeatureFlags, PlatformFees } from '@bw/contracts';
import { type Family, generalHref, paths, type ScreenKey, type ScreenRef, screenHref } from '../config/paths';
import { featureFlagNames } from './contract-guards';
import { resolveDeepLink } from './deep-links';
import { detectPlatform } from './platform';
import { type ParsedLocation, parseLocation } from './screen-match';
import { compareVersions } from './version';

/**
 * Spec section 4, startup order, steps 1 to 7, as one function over injected I/O.
 * `runStartup` never touches window, fetch or storage itself; bootstrap.ts wires the real ones.
 */

export type SessionUser = { readonly userId: string; readonly email: string; readonly role: string };

/** Every call answers null on failure (spec section 7: "most calls swallow failures"). */
export type StartupApi = {
  readonly getAppConfig: (appId: string) => Promise<AppConfig | null>;
  readonly getAppConfigByWebUrl: (webAppUrl: string) => Promise<AppConfig | null>;
  readonly getFrontendVersion: () => Promise<string | null>;
  readonly getFeatureFlags: (partnerId: string) => Promise<FeatureFlags | null>;
  readonly getFees: () => Promise<PlatformFees | null>;
  readonly getAssets: () => Promise<readonly unknown[] | null>;
  readonly checkSession: () => Promise<SessionUser | null>;
};

/** The locally persisted part of the shell (encrypted, namespaced by app id). */
/** Spec section 4: the step of the account setup the header reminds the user of. */
export type OpenStep = 'register' | 'identification' | 'signature' | 'securityApp';

export type PersistedShell = {
  readonly selectedAppId: string | null;
  /** Set on the first open: partner selection is offered only then. */
  readonly opened: boolean;
  readonly introWatched: boolean;
  readonly targetScreen: ScreenRef | null;
  readonly lastUserEmail: string | null;
  readonly biometricsEnabled: boolean;
  /** The biometrics prompt was answered (turned on, or "later"): it is not offered after every login. */
  readonly biometricsPromptAnswered: boolean;
  readonly cachedConfig: AppConfig | null;
  readonly cachedFlags: FeatureFlags | null;
  readonly cachedFees: PlatformFees | null;
  readonly cachedAssets: readonly unknown[] | null;
  /**
   * The open step the header last showed, and for whom: the next start shows it with the first
   * screen instead of inserting it above the page once the user is loaded (issue 6: no layout shift).
   */
  readonly cachedOpenStep: { readonly email: string; readonly step: OpenStep | null } | null;
};

export const emptyPersistedShell: PersistedShell = {
  selectedAppId: null,
  opened: false,
  introWatched: false,
  targetScreen: null,
  lastUserEmail: null,
  biometricsEnabled: false,
  biometricsPromptAnswered: false,
  cachedConfig: null,
  cachedFlags: null,
  cachedFees: null,
  cachedAssets: null,
  cachedOpenStep: null,
};

export type StartupStorage = {
  readonly read: () => PersistedShell;
  readonly update: (patch: Partial<PersistedShell>) => void;
};

export type StartupInput = {
  readonly isOnline: boolean;
  readonly userAgent: string;
  readonly viewportWidthPx: number;
  /** Location the app was opened with. */
  readonly pathname: string;
  readonly search: string;
  /** Page origin, for the per-domain partner config. */
  readonly origin: string;
  /** Config app id of this build (the staging alias already resolved). */
  readonly configAppId: string;
  readonly clientVersion: string;
  /** A desktop tab already reloaded once for this server version (stale cached bundle guard). */
  readonly reloadedForVersion: string | null;
};

/** Background refreshes report here (spec section 4: "cached first, then refreshed"). */
export type StartupRefresh = {
  readonly config?: AppConfig;
  readonly flags?: FeatureFlags;
  readonly fees?: PlatformFees;
  readonly assets?: readonly unknown[];
};

export type StartupDeps = {
  readonly api: StartupApi;
  readonly storage: StartupStorage;
  readonly onRefresh?: (refresh: StartupRefresh) => void;
  /**
   * When a cached value's refresh may start; bootstrap.ts waits until the first screen is shown,
   * so the refreshes do not compete with it (issue 6). Without it they start at once.
   */
  readonly refreshWhen?: () => Promise<void>;
};

export type StartupReady = {
  readonly kind: 'ready';
  readonly platform: Family;
  readonly config: AppConfig | null;
  readonly flags: FeatureFlags;
  readonly fees: PlatformFees;
  readonly user: SessionUser | null;
  /** Where the first navigation goes; null = stay on the opened location. */
  readonly redirectTo: string | null;
  /** Refreshes still running in the background (awaited by tests). */
  readonly refreshes: Promise<void>;
};

export type StartupOutcome =
  | { readonly kind: 'offline'; readonly redirectTo: string }
  /** Desktop web got a newer server version: its bundle is stale, reload once. */
  | { readonly kind: 'reload'; readonly serverVersion: string }
  | StartupReady;

export const flagsOff: FeatureFlags = Object.fromEntries(featureFlagNames.map((name) => [name, false])) as Record<
  FeatureFlagName,
  boolean
>;
/** Spec section 9: the default fee is 0. */
export const zeroFees: PlatformFees = { transactionFeeBps: 0, brokerageFeeBps: 0, defaultFeeBps: 0 };

/** Screens a visitor without a session may open directly (the ways in, and what needs no account). */
const openWithoutSession: ReadonlySet<ScreenKey> = new Set([
  'login',
  'biometricLogin',
  'register',
  'companyRegistration',
  'resetPassword',
  'introSlides',
  'selectPartner',
  'updateApp',
  'imprintDetails',
  'continueOnNative',
  'continueOnMobile',
  'comingSoon',
]);

/** The screen a location asks for; null for the initial screen and general routes. */
export const requestedScreen = (location: ParsedLocation): ScreenRef | null => {
  switch (location.kind) {
    case 'root':
    case 'general':
      return null;
    case 'deepLink':
      return resolveDeepLink(location.path);
    case 'screen':
      return location.screen ?? { key: 'marketplace' };
  }
};

/** Cached value now, the fresh one in the background; without a cache wait for the fresh one. */
const cachedThenRefreshed = async <T>(
  cached: T | null,
  fetchFresh: () => Promise<T | null>,
  onFresh: (fresh: T) => void,
  background: Promise<void>[],
  refreshWhen: () => Promise<void> = () => Promise.resolve(),
): Promise<T | null> => {
  if (cached !== null) {
    background.push(
      refreshWhen()
        .then(fetchFresh)
        .then((fresh) => {
          if (fresh !== null) onFresh(fresh);
        }),
    );
    return cached;
  }
  const fresh = await fetchFresh();
  if (fresh !== null) onFresh(fresh);
  return fresh;
};

export const runStartup = async (input: StartupInput, deps: StartupDeps): Promise<StartupOutcome> => {
  const { api, storage, onRefresh, refreshWhen } = deps;
  const background: Promise<void>[] = [];
  const location = parseLocation(input.pathname, input.search);

  // 1. Network.
  if (!input.isOnline) return { kind: 'offline', redirectTo: generalHref('networkError') };

  // 2. Platform.
  const platform = detectPlatform({ userAgent: input.userAgent, viewportWidthPx: input.viewportWidthPx });
  const state = storage.read();

  // 3. App config: the chosen partner, else (on the web) the partner of this domain, else the build's.
  const appId = state.selectedAppId ?? input.configAppId;
  const cachedConfig =
    state.cachedConfig && (!state.selectedAppId || state.cachedConfig.appId === appId) ? state.cachedConfig : null;
  const fetchConfig = async (): Promise<AppConfig | null> => {
    if (!state.selectedAppId && platform !== 'app') {
      const byDomain = await api.getAppConfigByWebUrl(input.origin);
      if (byDomain) return byDomain;
    }
    return api.getAppConfig(appId);
  };
  const config = await cachedThenRefreshed(
    cachedConfig,
    fetchConfig,
    (fresh) => {
      storage.update({ cachedConfig: fresh });
      if (cachedConfig) onRefresh?.({ config: fresh });
    },
    background,
    refreshWhen,
  );

  // 4. Version.
  const serverVersion = await api.getFrontendVersion();
  const updateRequired = serverVersion !== null && compareVersions(serverVersion, input.clientVersion) > 0;
  if (updateRequired && platform === 'desktopWeb' && input.reloadedForVersion !== serverVersion) {
    return { kind: 'reload', serverVersion };
  }

  // 5. Assets and platform info (fees, feature flags), cached then refreshed.
  const partnerId = config?.partnerId ?? null;
  const [fetchedFlags, fetchedFees] = await Promise.all([
    cachedThenRefreshed(
      state.cachedFlags,
      () => (partnerId ? api.getFeatureFlags(partnerId) : Promise.resolve(null)),
      (fresh) => {
        storage.update({ cachedFlags: fresh });
        if (state.cachedFlags) onRefresh?.({ flags: fresh });
      },
      background,
      refreshWhen,
    ),
    cachedThenRefreshed(
      state.cachedFees,
      api.getFees,
      (fresh) => {
        storage.update({ cachedFees: fresh });
        if (state.cachedFees) onRefresh?.({ fees: fresh });
      },
      background,
      refreshWhen,
    ),
    cachedThenRefreshed(
      state.cachedAssets,
      api.getAssets,
      (fresh) => {
        storage.update({ cachedAssets: fresh });
        if (state.cachedAssets) onRefresh?.({ assets: fresh });
      },
      background,
      refreshWhen,
    ),
  ]);
  const flags = fetchedFlags ?? config?.featureFlags ?? flagsOff;
  const fees = fetchedFees ?? zeroFees;
  const ready = (redirectTo: string | null, user: SessionUser | null): StartupReady => ({
    kind: 'ready',
    platform,
    config,
    flags,
    fees,
    user,
    redirectTo,
    refreshes: Promise.all(background).then(() => undefined),
  });
  const href = (ref: ScreenRef) => screenHref(platform, ref);
  const stayOr = (target: string) => (target === `${input.pathname}${input.search}` ? null : target);

  if (updateRequired && platform !== 'desktopWeb') return ready(stayOr(href({ key: 'updateApp' })), null);

  // General routes other than the initial screen handle themselves (verify, password reset, external auth,
  // partner selection), and an unknown desktop path shows the not-found page (spec section 2).
  const unknownDesktopPath =
    location.kind === 'screen' &&
    location.screen === null &&
    location.family === 'desktopWeb' &&
    platform === 'desktopWeb';
  if (location.kind === 'general' || unknownDesktopPath) return ready(null, await api.checkSession());
  const requested = requestedScreen(location);

  // Issue 20: a visitor may browse the public screens (spec sections 2 and 6) — a marketplace or
  // asset deep link, a shared short link or a reload stays where it is, without a session too.
  const publicScreen = requested !== null && (openWithoutSession.has(requested.key) || isGuestScreen(requested.key));

  // 6. Intro slides, partner selection, register: a first open only. Logging in or registering counts
  // as having watched them (applySession), and so does a valid session (issue 34: a logged-in investor
  // whose storage lost the flag, or who logged in elsewhere, reloads onto the page asked for).
  const slidesCount = config?.introSlides.length ?? 0;
  const introWatched = state.introWatched || !flags.introSlidesSignUp || slidesCount === 0 || platform === 'desktopWeb';
  // 7 needs the session anyway; step 6 asks for it first when the intro is still due.
  const user = await api.checkSession();
  if (!introWatched && !publicScreen && !user) {
    const firstOpen = !state.opened;
    storage.update({ opened: true, ...(requested ? { targetScreen: requested } : {}) });
    if (firstOpen && flags.partnerSelectionPage) return ready(stayOr(href({ key: 'selectPartner' })), null);
    if (flags.introSlidesSignUp) return ready(stayOr(href({ key: 'introSlides' })), null);
    return ready(stayOr(href({ key: 'register' })), null);
  }
  if (!state.opened) storage.update({ opened: true });
  if (user && !state.introWatched) storage.update({ introWatched: true });

  // 7. Session.
  if (user) {
    const target = requested ?? state.targetScreen ?? { key: 'marketplace' };
    storage.update({ targetScreen: null, lastUserEmail: user.email });
    return ready(stayOr(href(target)), user);
  }
  if (requested && publicScreen) return ready(stayOr(href(requested)), null);
  if (requested) storage.update({ targetScreen: requested });
  // biometricLogin is a screen of the phone families (spec section 2); desktop logs in with a passkey on login.
  const biometric = platform !== 'desktopWeb' && state.biometricsEnabled && state.lastUserEmail !== null;
  return ready(stayOr(href({ key: biometric ? 'biometricLogin' : 'login' })), null);
};

/** Exposed for the route guard: the family prefix of a path, if any. */
export const familyOf = (pathname: string): Family | null => {
  const location = parseLocation(pathname);
  return location.kind === 'screen' ? location.family : null;
};

export const isGuestScreen = (key: ScreenKey): boolean => paths.screens[key].guest;
