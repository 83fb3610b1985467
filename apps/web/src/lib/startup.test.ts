import type { AppConfig, FeatureFlags } from '@bw/contracts';
import { describe, expect, it, vi } from 'vitest';
import { DEFAULT_PROVIDERS } from './contract-guards';
import {
  emptyPersistedShell,
  flagsOff,
  type PersistedShell,
  runStartup,
  type SessionUser,
  type StartupApi,
  type StartupInput,
  type StartupOutcome,
} from './startup';
import { fallbackColors } from './theme';

const allFlags: FeatureFlags = Object.fromEntries(Object.keys(flagsOff).map((name) => [name, true])) as FeatureFlags;

const config = (overrides: Partial<AppConfig> = {}): AppConfig => ({
  appId: 'demo',
  partnerId: 'brickwise',
  name: 'Brickwise',
  colors: fallbackColors,
  appIcon: '/static/partners/brickwise.svg',
  featureFlags: allFlags,
  introSlides: [{ title: 'Eins', text: 'Text', imageUrl: '/a.svg' }],
  appURL: 'https://app.example',
  webAppURL: 'http://localhost:3000',
  domainUriPrefix: 'https://example/l',
  androidPackageName: 'at.example',
  iosBundleId: 'at.example',
  appStoreId: '1',
  map: { tileUrl: 'https://tiles.example/{z}/{x}/{y}.png', attribution: '© Tiles', maxZoom: 18 },
  legalProviders: DEFAULT_PROVIDERS,
  ...overrides,
});

const user: SessionUser = { userId: 'u1', email: 'anna@example.at', role: 'user' };
const nativeUa = 'Mozilla/5.0 (Linux; Android 14) BrickwiseNativeShell/1.7.5';
const browserUa = 'Mozilla/5.0 (X11; Linux x86_64) Chrome/131.0';

type Setup = {
  input?: Partial<StartupInput>;
  state?: Partial<PersistedShell>;
  api?: Partial<StartupApi>;
  /** A gate for the background refreshes; with one, the test awaits `outcome.refreshes` itself. */
  refreshWhen?: () => Promise<void>;
};

const start = async ({ input = {}, state = {}, api = {}, refreshWhen }: Setup = {}) => {
  let stored: PersistedShell = { ...emptyPersistedShell, ...state };
  const fullApi: StartupApi = {
    getAppConfig: vi.fn(async () => config()),
    getAppConfigByWebUrl: vi.fn(async () => null),
    getFrontendVersion: vi.fn(async () => '1.7.5'),
    getFeatureFlags: vi.fn(async () => allFlags),
    getFees: vi.fn(async () => ({ transactionFeeBps: 100, brokerageFeeBps: 50, defaultFeeBps: 0 })),
    getAssets: vi.fn(async () => []),
    checkSession: vi.fn(async () => null),
    ...api,
  };
  const onRefresh = vi.fn();
  const outcome = await runStartup(
    {
      isOnline: true,
      userAgent: browserUa,
      viewportWidthPx: 390,
      pathname: '/',
      search: '',
      origin: 'http://127.0.0.1:3199',
      configAppId: 'demo',
      clientVersion: '1.7.5',
      reloadedForVersion: null,
      ...input,
    },
    {
      api: fullApi,
      storage: { read: () => stored, update: (patch) => (stored = { ...stored, ...patch }) },
      onRefresh,
      ...(refreshWhen ? { refreshWhen } : {}),
    },
  );
  if (outcome.kind === 'ready' && !refreshWhen) await outcome.refreshes;
  return { outcome, stored: () => stored, api: fullApi, onRefresh };
};

const redirectOf = (outcome: StartupOutcome) => (outcome.kind === 'ready' ? outcome.redirectTo : outcome.kind);

describe('runStartup (spec section 4, startup order)', () => {
  it('1. offline goes to /networkError without calling the server', async () => {
    const { outcome, api } = await start({ input: { isOnline: false } });
    expect(outcome).toEqual({ kind: 'offline', redirectTo: '/networkError' });
    expect(api.getAppConfig).not.toHaveBeenCalled();
  });

  describe('2. platform', () => {
    it.each([
      [{ userAgent: nativeUa, viewportWidthPx: 1280 }, 'app'],
      [{ userAgent: browserUa, viewportWidthPx: 600 }, 'mobileWeb'],
      [{ userAgent: browserUa, viewportWidthPx: 601 }, 'desktopWeb'],
    ] as const)('%o → %s', async (input, platform) => {
      const { outcome } = await start({ input, state: { introWatched: true } });
      expect(outcome.kind === 'ready' && outcome.platform).toBe(platform);
    });
  });

  describe('3. app config', () => {
    it('loads the config when nothing is cached and caches it', async () => {
      const { outcome, stored } = await start();
      expect(outcome.kind === 'ready' && outcome.config?.appId).toBe('demo');
      expect(stored().cachedConfig?.appId).toBe('demo');
    });

    it('uses the cached config first and refreshes it in the background', async () => {
      const fresh = config({ name: 'Brickwise neu' });
      const { outcome, stored, onRefresh } = await start({
        state: { cachedConfig: config({ name: 'Brickwise alt' }) },
        api: { getAppConfig: vi.fn(async () => fresh) },
      });
      expect(outcome.kind === 'ready' && outcome.config?.name).toBe('Brickwise alt');
      expect(stored().cachedConfig?.name).toBe('Brickwise neu');
      expect(onRefresh).toHaveBeenCalledWith({ config: fresh });
    });

    it('refreshes cached values only when allowed, while values without a cache are fetched at once', async () => {
      let allow = () => {};
      const gate = new Promise<void>((resolve) => {
        allow = resolve;
      });
      const getAppConfig = vi.fn(async () => config({ name: 'Brickwise neu' }));
      const getFees = vi.fn(async () => ({ transactionFeeBps: 100, brokerageFeeBps: 50, defaultFeeBps: 0 }));
      const { outcome, stored } = await start({
        state: { cachedConfig: config({ name: 'Brickwise alt' }) },
        api: { getAppConfig, getFees },
        refreshWhen: () => gate,
      });
      expect(outcome.kind === 'ready' && outcome.config?.name).toBe('Brickwise alt');
      expect(getFees).toHaveBeenCalledTimes(1);
      expect(getAppConfig).not.toHaveBeenCalled();
      allow();
      if (outcome.kind === 'ready') await outcome.refreshes;
      expect(getAppConfig).toHaveBeenCalledTimes(1);
      expect(stored().cachedConfig?.name).toBe('Brickwise neu');
    });

    it('asks for the partner of the web domain first, and the app id when the domain has none', async () => {
      const byDomain = config({ appId: 'alpen', partnerId: 'alpenanteil' });
      const { outcome } = await start({ api: { getAppConfigByWebUrl: vi.fn(async () => byDomain) } });
      expect(outcome.kind === 'ready' && outcome.config?.appId).toBe('alpen');
      const { api } = await start();
      expect(api.getAppConfigByWebUrl).toHaveBeenCalledWith('http://127.0.0.1:3199');
      expect(api.getAppConfig).toHaveBeenCalledWith('demo');
    });

    it('loads the chosen partner in the native app without a domain lookup', async () => {
      const { api } = await start({ input: { userAgent: nativeUa }, state: { selectedAppId: 'alpen' } });
      expect(api.getAppConfigByWebUrl).not.toHaveBeenCalled();
      expect(api.getAppConfig).toHaveBeenCalledWith('alpen');
    });

    it('carries on without a config when it cannot be loaded (the config load yields null)', async () => {
      const { outcome } = await start({
        api: { getAppConfig: vi.fn(async () => null), getFeatureFlags: vi.fn(async () => null) },
        state: { introWatched: true },
      });
      expect(outcome.kind === 'ready' && outcome.config).toBeNull();
      expect(outcome.kind === 'ready' && outcome.flags).toEqual(flagsOff);
    });
  });

  describe('4. version', () => {
    it('goes to updateApp when the server version is higher', async () => {
      const { outcome } = await start({ api: { getFrontendVersion: vi.fn(async () => '1.8.0') } });
      expect(redirectOf(outcome)).toBe('/mobileWeb/updateApp');
    });

    it('carries on when the server version is equal or lower, or unknown', async () => {
      for (const version of ['1.7.5', '1.7.4', null]) {
        const { outcome } = await start({
          api: { getFrontendVersion: vi.fn(async () => version) },
          state: { introWatched: true },
        });
        expect(redirectOf(outcome)).toBe('/mobileWeb/login');
      }
    });

    it('reloads a desktop tab once for a newer version (a web bundle is updated by reloading)', async () => {
      const newer = { getFrontendVersion: vi.fn(async () => '1.8.0') };
      const first = await start({ input: { viewportWidthPx: 1280 }, api: newer });
      expect(first.outcome).toEqual({ kind: 'reload', serverVersion: '1.8.0' });
      const again = await start({ input: { viewportWidthPx: 1280, reloadedForVersion: '1.8.0' }, api: newer });
      expect(redirectOf(again.outcome)).toBe('/desktopWeb/login');
    });
  });

  describe('5. assets and platform info', () => {
    it('loads fees, flags and assets and caches them', async () => {
      const { outcome, stored, api } = await start({ state: { introWatched: true } });
      expect(api.getFeatureFlags).toHaveBeenCalledWith('brickwise');
      expect(outcome.kind === 'ready' && outcome.fees.transactionFeeBps).toBe(100);
      expect(stored().cachedFees?.transactionFeeBps).toBe(100);
      expect(stored().cachedAssets).toEqual([]);
    });

    it('shows cached platform info first and refreshes it', async () => {
      const { outcome, onRefresh } = await start({
        state: {
          introWatched: true,
          cachedFlags: flagsOff,
          cachedFees: { transactionFeeBps: 1, brokerageFeeBps: 1, defaultFeeBps: 0 },
        },
      });
      expect(outcome.kind === 'ready' && outcome.flags).toEqual(flagsOff);
      expect(outcome.kind === 'ready' && outcome.fees.transactionFeeBps).toBe(1);
      expect(onRefresh).toHaveBeenCalledWith({ flags: allFlags });
    });

    it('uses a fee of 0 when the fees cannot be loaded (spec section 9)', async () => {
      const { outcome } = await start({ state: { introWatched: true }, api: { getFees: vi.fn(async () => null) } });
      expect(outcome.kind === 'ready' && outcome.fees).toEqual({
        transactionFeeBps: 0,
        brokerageFeeBps: 0,
        defaultFeeBps: 0,
      });
    });
  });

  describe('6. intro slides, partner selection, register', () => {
    it('opens partner selection on the first open when the flag is on', async () => {
      const { outcome, stored } = await start();
      expect(redirectOf(outcome)).toBe('/mobileWeb/selectPartner');
      expect(stored().opened).toBe(true);
    });

    it('opens the intro slides when the partner was chosen already (not the first open)', async () => {
      const { outcome } = await start({ state: { opened: true } });
      expect(redirectOf(outcome)).toBe('/mobileWeb/introSlides');
    });

    it('opens the intro slides on the first open when partner selection is off', async () => {
      const flags = { ...allFlags, partnerSelectionPage: false };
      const { outcome } = await start({ api: { getFeatureFlags: vi.fn(async () => flags) } });
      expect(redirectOf(outcome)).toBe('/mobileWeb/introSlides');
    });

    it.each([
      ['the flag is off', { getFeatureFlags: vi.fn(async () => ({ ...allFlags, introSlidesSignUp: false })) }, {}],
      ['there are no slides', { getAppConfig: vi.fn(async () => config({ introSlides: [] })) }, {}],
      ['the platform is desktop', {}, { viewportWidthPx: 1280 }],
    ])('counts the slides as watched when %s and checks the session', async (_, api, input) => {
      const { outcome } = await start({ api, input, state: { opened: true } });
      expect(redirectOf(outcome)).toMatch(/\/login$/);
    });

    it('remembers a deep target while the intro runs', async () => {
      const { stored } = await start({ input: { pathname: '/transaction/9' }, state: { opened: true } });
      expect(stored().targetScreen).toEqual({ key: 'account', search: 'transaction=9' });
    });

    it('lets a guest open a shared asset link on the first open, without intro or login (issue 20)', async () => {
      const { outcome } = await start({ input: { pathname: '/mobileWeb/asset/9' } });
      expect(redirectOf(outcome)).toBeNull();
      const shared = await start({ input: { pathname: '/forum/9' } });
      expect(redirectOf(shared.outcome)).toBe('/mobileWeb/asset/9');
    });

    it('keeps a guest on a reloaded marketplace once the intro was watched', async () => {
      const { outcome } = await start({
        input: { pathname: '/mobileWeb/marketplace' },
        state: { introWatched: true, opened: true },
      });
      expect(redirectOf(outcome)).toBeNull();
    });

    it.each([
      ['mobile web', browserUa],
      ['the native app', nativeUa],
    ])(
      'counts a valid session as a watched intro in %s: a reload stays on the page asked for (issue 34)',
      async (_, userAgent) => {
        const family = userAgent === nativeUa ? 'app' : 'mobileWeb';
        for (const opened of [false, true]) {
          const { outcome, stored } = await start({
            input: { userAgent, pathname: `/${family}/investments` },
            state: { opened },
            api: { checkSession: vi.fn(async () => user) },
          });
          expect(redirectOf(outcome)).toBeNull();
          expect(outcome.kind === 'ready' && outcome.user).toEqual(user);
          expect(stored().introWatched).toBe(true);
          expect(stored().targetScreen).toBeNull();
        }
      },
    );

    it('opens a deep target for a logged-in user who never watched the intro', async () => {
      const { outcome } = await start({
        input: { pathname: '/transaction/9' },
        api: { checkSession: vi.fn(async () => user) },
      });
      expect(redirectOf(outcome)).toBe('/mobileWeb/account?transaction=9');
    });

    it('still shows the intro to a visitor without a session on a reload of a private page', async () => {
      const { outcome, stored } = await start({
        input: { pathname: '/mobileWeb/investments' },
        state: { opened: true },
      });
      expect(redirectOf(outcome)).toBe('/mobileWeb/introSlides');
      expect(stored().introWatched).toBe(false);
      expect(stored().targetScreen).toMatchObject({ key: 'investments' });
    });

    it('lets a password-reset link through even before the intro', async () => {
      const { outcome } = await start({ input: { pathname: '/mobileWeb/reset-password', search: '?passwordToken=x' } });
      expect(redirectOf(outcome)).toBeNull();
    });
  });

  describe('7. session', () => {
    const watched = { introWatched: true, opened: true };

    it('opens the marketplace for a logged-in user', async () => {
      const { outcome } = await start({ state: watched, api: { checkSession: vi.fn(async () => user) } });
      expect(redirectOf(outcome)).toBe('/mobileWeb/marketplace');
      expect(outcome.kind === 'ready' && outcome.user).toEqual(user);
    });

    it('opens the forwarded URL for a logged-in user', async () => {
      const { outcome, stored } = await start({
        state: { ...watched, targetScreen: { key: 'account', search: 'transaction=4' } },
        api: { checkSession: vi.fn(async () => user) },
      });
      expect(redirectOf(outcome)).toBe('/mobileWeb/account?transaction=4');
      expect(stored().targetScreen).toBeNull();
    });

    it('stays on the opened screen for a logged-in user', async () => {
      const { outcome } = await start({
        input: { pathname: '/mobileWeb/inbox' },
        state: watched,
        api: { checkSession: vi.fn(async () => user) },
      });
      expect(redirectOf(outcome)).toBeNull();
    });

    it('saves the target and goes to login when logged out', async () => {
      const { outcome, stored } = await start({ input: { pathname: '/mobileWeb/inbox' }, state: watched });
      expect(redirectOf(outcome)).toBe('/mobileWeb/login');
      expect(stored().targetScreen).toEqual({ key: 'inbox', params: {} });
    });

    it('goes to biometricLogin in the app when biometrics are on and a last user exists', async () => {
      const { outcome } = await start({
        input: { userAgent: nativeUa },
        state: { ...watched, biometricsEnabled: true, lastUserEmail: 'anna@example.at' },
      });
      expect(redirectOf(outcome)).toBe('/app/biometricLogin');
    });

    it('goes to login when biometrics are on but no last user exists', async () => {
      const { outcome } = await start({
        input: { userAgent: nativeUa },
        state: { ...watched, biometricsEnabled: true },
      });
      expect(redirectOf(outcome)).toBe('/app/login');
    });

    it('resolves deep links before deciding', async () => {
      const { outcome } = await start({
        input: { pathname: '/transaction/12', viewportWidthPx: 1280 },
        state: watched,
        api: { checkSession: vi.fn(async () => user) },
      });
      expect(redirectOf(outcome)).toBe('/desktopWeb/account?transaction=12');
    });

    it('leaves general routes alone, knowing who is logged in', async () => {
      const { outcome } = await start({
        input: { pathname: '/selectPartner' },
        api: { checkSession: vi.fn(async () => user) },
      });
      expect(redirectOf(outcome)).toBeNull();
      expect(outcome.kind === 'ready' && outcome.user).toEqual(user);
    });

    it('leaves an unknown desktop path alone, so the not-found page shows', async () => {
      const { outcome } = await start({ input: { pathname: '/desktopWeb/no/such/page', viewportWidthPx: 1280 } });
      expect(redirectOf(outcome)).toBeNull();
    });

    it('sends an unknown mobile path to the marketplace (then login for guests)', async () => {
      const { outcome } = await start({
        input: { pathname: '/app/no-such-page', userAgent: nativeUa },
        state: watched,
        api: { checkSession: vi.fn(async () => user) },
      });
      expect(redirectOf(outcome)).toBe('/app/marketplace');
    });
  });
});
