import { DEFAULT_LEGAL_PROVIDERS, type FeatureFlags, featureFlagNames } from '@bw/contracts';
import type { partners } from '@bw/db';

type PartnerSeed = typeof partners.$inferInsert;

const allFlags = (overrides: Partial<FeatureFlags>): FeatureFlags => ({
  ...(Object.fromEntries(featureFlagNames.map((name) => [name, true])) as FeatureFlags),
  ...overrides,
});

/** The demo partner: the embedded default's look, all nine feature flags on (issue 2). */
export const demoPartner: PartnerSeed = {
  appId: 'demo',
  partnerId: 'brickwise',
  name: 'Brickwise',
  colors: {
    brand: '#0f766e',
    primary: '#0f172a',
    systemSuccess: '#15803d',
    systemError: '#b91c1c',
    highlight: '#f59e0b',
    navy100: '#f1f5f9',
    navy300: '#cbd5e1',
    navy500: '#64748b',
    navy700: '#334155',
    navy900: '#0f172a',
    ctaLabel: '#ffffff',
  },
  appIcon: '/static/partners/brickwise.svg',
  featureFlags: allFlags({ easter: false }),
  introSlides: [
    {
      title: 'Investiere ab einem Baustein',
      text: 'Kaufe Anteile an Wohnhäusern, Gewerbeimmobilien und Kraftwerken – schon mit kleinen Beträgen.',
      imageUrl: '/static/intro/slide-1.svg',
    },
    {
      title: 'Laufende Ausschüttungen',
      text: 'Mieten und Stromerlöse werden monatlich, quartalsweise oder jährlich an dich ausgeschüttet.',
      imageUrl: '/static/intro/slide-2.svg',
    },
    {
      title: 'Jederzeit handelbar',
      text: 'Verkaufe deine Anteile am Marktplatz an andere Investorinnen und Investoren.',
      imageUrl: '/static/intro/slide-3.svg',
    },
  ],
  appUrl: 'https://app.brickwise.example',
  webAppUrl: 'http://localhost:3000',
  domainUriPrefix: 'https://brickwise.example/l',
  androidPackageName: 'at.brickwise.app',
  iosBundleId: 'at.brickwise.app',
  appStoreId: '1600000001',
  transactionFeeBps: 100,
  brokerageFeeBps: 50,
  legalProviders: DEFAULT_LEGAL_PROVIDERS,
  isDefault: true,
  sortOrder: 1,
};

/** A second partner with a different look and fewer features, so white-label is visible from day one. */
export const alpenPartner: PartnerSeed = {
  appId: 'alpen',
  partnerId: 'alpenanteil',
  name: 'Alpenanteil',
  colors: {
    brand: '#e8a33d',
    primary: '#1e293b',
    systemSuccess: '#166534',
    systemError: '#991b1b',
    highlight: '#2563eb',
    navy100: '#f8fafc',
    navy300: '#d6d3d1',
    navy500: '#78716c',
    navy700: '#44403c',
    navy900: '#1c1917',
    ctaLabel: '#1c1917',
  },
  appIcon: '/static/partners/alpenanteil.svg',
  featureFlags: allFlags({ partnerSelectionPage: false, referral: false, easter: false, enableChart: false }),
  introSlides: [
    {
      title: 'Sonnenstrom aus den Alpen',
      text: 'Beteilige dich an Photovoltaik-, Wind- und Speicherprojekten in Österreich.',
      imageUrl: '/static/intro/slide-2.svg',
    },
    {
      title: 'Transparent und reguliert',
      text: 'Jede Transaktion bestätigst du in deiner Sicherheits-App.',
      imageUrl: '/static/intro/slide-3.svg',
    },
  ],
  appUrl: 'https://app.alpenanteil.example',
  webAppUrl: 'http://127.0.0.1:3000',
  domainUriPrefix: 'https://alpenanteil.example/l',
  androidPackageName: 'at.alpenanteil.app',
  iosBundleId: 'at.alpenanteil.app',
  appStoreId: '1600000002',
  transactionFeeBps: null,
  brokerageFeeBps: null,
  legalProviders: {
    productProvider: 'Alpenanteil Beteiligungs GmbH',
    identityProvider: 'IDnow GmbH',
    energyProvider: 'Alpenstrom Vermarktung GmbH',
    paymentProvider: 'Mangopay S.A.',
    furtherProvider: 'Skribble AG',
  },
  isDefault: false,
  sortOrder: 2,
};

export const partnerSeeds: PartnerSeed[] = [demoPartner, alpenPartner];
