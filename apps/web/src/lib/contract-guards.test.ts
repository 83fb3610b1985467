import {
  appConfig,
  DEFAULT_LEGAL_PROVIDERS,
  DEFAULT_MAP_SETTINGS,
  featureFlags,
  frontendVersion,
  platformFees,
  socketConnection,
} from '@bw/contracts';
import { describe, expect, it } from 'vitest';
import {
  appConfigGuard,
  DEFAULT_MAP,
  DEFAULT_PROVIDERS,
  featureFlagsGuard,
  frontendVersionGuard,
  platformFeesGuard,
  socketConnectionGuard,
} from './contract-guards';
import { flagsOff } from './startup';
import { fallbackColors } from './theme';

const config = {
  appId: 'demo',
  partnerId: 'brickwise',
  name: 'Brickwise',
  colors: fallbackColors,
  appIcon: '/static/partners/brickwise.svg',
  featureFlags: flagsOff,
  introSlides: [{ title: 'Eins', text: 'Text', imageUrl: '/a.svg' }],
  appURL: 'https://app.example',
  webAppURL: 'http://localhost:3000',
  domainUriPrefix: 'https://example/l',
  androidPackageName: 'at.example',
  iosBundleId: 'at.example',
  appStoreId: '1',
  map: { tileUrl: 'https://tiles.example/{z}/{x}/{y}.png', attribution: '© Tiles', maxZoom: 18 },
  legalProviders: {
    productProvider: 'Beispiel Invest GmbH',
    identityProvider: 'Ident GmbH',
    energyProvider: 'Strom GmbH',
    paymentProvider: 'Zahlung S.A.',
    furtherProvider: 'Signatur AG',
  },
};

const pairs = [
  ['app config', appConfigGuard, appConfig, config, { ...config, colors: { ...fallbackColors, brand: 'red' } }],
  ['feature flags', featureFlagsGuard, featureFlags, flagsOff, { ...flagsOff, liking: 'yes' }],
  [
    'fees',
    platformFeesGuard,
    platformFees,
    { transactionFeeBps: 100, brokerageFeeBps: 50, defaultFeeBps: 0 },
    { transactionFeeBps: 10_001, brokerageFeeBps: 0, defaultFeeBps: 0 },
  ],
  ['frontend version', frontendVersionGuard, frontendVersion, { version: '1.7.5' }, { version: 175 }],
  [
    'socket connection',
    socketConnectionGuard,
    socketConnection,
    { url: '', path: '/socket.io', transports: ['websocket'] },
    { url: '', path: '/socket.io', transports: ['smoke'] },
  ],
] as const;

describe('app config guard', () => {
  it('gives a config stored before the map existed the platform default map', () => {
    const { map: _map, ...older } = config;
    expect(appConfigGuard.parse(older).map).toEqual(DEFAULT_MAP);
    expect(appConfig.shape.map.parse(DEFAULT_MAP)).toEqual(DEFAULT_MAP_SETTINGS);
  });
  it('gives a config stored before the legal providers existed the platform’s own', () => {
    const { legalProviders: _providers, ...older } = config;
    expect(appConfigGuard.parse(older).legalProviders).toEqual(DEFAULT_PROVIDERS);
    expect(DEFAULT_PROVIDERS).toEqual(DEFAULT_LEGAL_PROVIDERS);
  });
});

/** The startup path's guards replace zod there: each accepts and refuses what its contract does. */
describe.each(pairs)('%s guard vs. the zod contract', (_name, guard, schema, good, bad) => {
  it('gives the contract’s value for a valid answer', () => {
    expect(guard.parse({ ...good, extra: true })).toEqual(schema.parse({ ...good, extra: true }));
  });
  it('refuses what the contract refuses', () => {
    expect(schema.safeParse(bad).success).toBe(false);
    expect(() => guard.parse(bad)).toThrow();
  });
});
