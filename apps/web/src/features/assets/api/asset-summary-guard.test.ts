import { assetListPage, assetSummary } from '@bw/contracts';
import { describe, expect, it } from 'vitest';
import { assetListPageGuard } from './asset-summary-guard';

const summary = {
  id: 'pv-landshut-agri',
  title: 'Agri-PV Landshut',
  subtitle: 'Solarstrom über Obstplantagen',
  templateKind: 'powerPlant',
  stage: 'primary',
  debtCapital: false,
  securityType: 'participationKG',
  objectType: 'energy',
  propertyType: null,
  constructionStatus: 'planning',
  powerPlantType: 'photovoltaic',
  address: {
    street: 'Obstgartenweg',
    houseNumber: '12',
    postalCode: '84036',
    city: 'Landshut',
    region: 'Bayern',
    countryCode: 'DE',
    latitude: 48.5372,
    longitude: 12.1522,
  },
  imageUrl: '/static/assets/pv-1.svg',
  pricePerShareCents: '10000',
  totalShares: 18000,
  availableShares: 12600,
  minimumSubscriptionShares: 1,
  expectedOngoingDistributionBps: 470,
  expectedRentalReturnBps: 0,
  distributionFrequency: 'quarterly',
  investmentDetails: {
    securityType: 'participationKG',
    stage: 'primary',
    availableBricks: 12600,
    spv: {
      name: 'Isar Agri-PV GmbH & Co. KG',
      registerNumber: 'HRA 445566',
      address: { street: 'Maximilianstraße 12', postalCode: '80539', city: 'München', countryCode: 'DE' },
    },
  },
  availableBricksSecondary: 0,
  lowestOfferPrice: null,
  likes: 0,
  liked: false,
  userInvested: false,
  green: true,
  forcedRanking: 1000,
  onlyPrimary: false,
  publishedAt: '2026-11-07T10:30:17.863Z',
  isNew: true,
};
const page = { assets: [summary], page: 0, pageSize: 100, totalCount: 1 };

/** The guard replaces zod on the initial screen: it must accept and refuse what the contract does. */
describe('asset list guard vs. the zod contract', () => {
  it('gives the same value as the contract for a real answer, unknown keys dropped', () => {
    const withExtra = { ...page, assets: [{ ...summary, extra: 1 }] };
    expect(assetListPageGuard.parse(withExtra)).toEqual(assetListPage.parse(withExtra));
  });

  const broken: [string, unknown][] = [
    ['a stage outside the enum', { ...summary, stage: 'listed' }],
    ['money as a number', { ...summary, pricePerShareCents: 10000 }],
    ['money with decimals', { ...summary, pricePerShareCents: '100.00' }],
    ['fractional shares', { ...summary, availableShares: 1.5 }],
    ['a missing address', { ...summary, address: undefined }],
    ['a three-letter country', { ...summary, address: { ...summary.address, countryCode: 'DEU' } }],
    ['a null title', { ...summary, title: null }],
  ];
  it.each(broken)('refuses %s, like the contract', (_name, asset) => {
    expect(assetSummary.safeParse(asset).success).toBe(false);
    expect(() => assetListPageGuard.parse({ ...page, assets: [asset] })).toThrow();
  });
});
