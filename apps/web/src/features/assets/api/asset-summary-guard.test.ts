import { assetListPage, assetSummary } from '@bw/contracts';
import { describe, expect, it } from 'vitest';
import { detailFixtures, summaryFixture as summary } from '../../../test/asset-fixtures';
import { assetListPageGuard } from './asset-summary-guard';

const page = { assets: [summary], page: 0, pageSize: 100, totalCount: 1 };

/** The guard replaces zod on the initial screen: it must accept and refuse what the contract does. */
describe('asset list guard vs. the zod contract', () => {
  it('gives the same value as the contract for a real answer, unknown keys dropped', () => {
    const withExtra = { ...page, assets: [{ ...summary, extra: 1 }] };
    expect(assetListPageGuard.parse(withExtra)).toEqual(assetListPage.parse(withExtra));
  });

  it('agrees with the contract on every template kind and power plant type of the catalogue', () => {
    const catalogue = { assets: detailFixtures, page: 0, pageSize: 100, totalCount: detailFixtures.length };
    expect(assetListPageGuard.parse(catalogue)).toEqual(assetListPage.parse(catalogue));
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
