import { describe, expect, it } from 'vitest';
import {
  availableBricks,
  type MarketplaceAsset,
  type MarketplaceFilter,
  marketplaceList,
  splitNewAndMore,
} from './marketplace.js';

const asset = (id: string, over: Partial<MarketplaceAsset> = {}): MarketplaceAsset => ({
  id,
  stage: 'primary',
  objectType: 'residential',
  constructionStatus: 'stock',
  availableShares: 0,
  availableBricksSecondary: 0,
  forcedRanking: null,
  publishedAt: null,
  ...over,
});

describe('marketplace order (spec section 2)', () => {
  it('sorts by available bricks descending, then forced ranking ascending with 1000 as default', () => {
    const list = marketplaceList([
      asset('a', { availableShares: 10 }),
      asset('b', { availableShares: 500 }),
      asset('c', { availableShares: 10, forcedRanking: 1 }),
      asset('d', { availableShares: 10, forcedRanking: 1001 }),
      asset('e', { availableShares: 10 }), // ties with a on bricks and default ranking: id decides
      asset('f', { stage: 'secondary', availableShares: 9999, availableBricksSecondary: 20 }),
    ]);
    expect(list.map((a) => a.id)).toEqual(['b', 'f', 'c', 'a', 'e', 'd']);
  });

  it('counts the issuer bricks in the primary market and investor bricks in the secondary', () => {
    expect(availableBricks(asset('p', { availableShares: 7, availableBricksSecondary: 3 }))).toBe(7);
    expect(availableBricks(asset('s', { stage: 'secondary', availableShares: 7, availableBricksSecondary: 3 }))).toBe(
      3,
    );
  });

  it('lists only stages primary and secondary', () => {
    const stages = ['preparing', 'review', 'approved', 'declined', 'primary', 'secondary'] as const;
    const list = marketplaceList(stages.map((stage) => asset(stage, { stage })));
    expect(list.map((a) => a.id).sort()).toEqual(['primary', 'secondary']);
  });

  it('does not change the array it is given', () => {
    const input = [asset('a'), asset('b', { availableShares: 5 })];
    marketplaceList(input);
    expect(input.map((a) => a.id)).toEqual(['a', 'b']);
  });
});

describe('marketplace filters (spec section 2)', () => {
  const catalogue = [
    asset('flat', { objectType: 'residential', constructionStatus: 'stock' }),
    asset('shop', { objectType: 'commercial', stage: 'secondary', constructionStatus: 'stock' }),
    asset('hall', { objectType: 'industry', constructionStatus: 'project' }),
    asset('pv-plan', { objectType: 'energy', constructionStatus: 'planning', stage: 'secondary' }),
    asset('pv-inst', { objectType: 'energy', constructionStatus: 'installed' }),
    asset('wind', { objectType: 'energy', constructionStatus: 'connectedToNetwork', stage: 'secondary' }),
    asset('hidden', { stage: 'review', objectType: 'residential' }),
  ];
  const liked = new Set(['shop', 'wind', 'hidden']);
  const cases: [MarketplaceFilter, string[]][] = [
    ['all', ['flat', 'hall', 'pv-inst', 'pv-plan', 'shop', 'wind']],
    ['residential', ['flat']],
    ['commercial', ['shop']],
    ['industry', ['hall']],
    ['project', ['hall']],
    ['primaryMarket', ['flat', 'hall', 'pv-inst']],
    ['stock', ['flat', 'shop']],
    ['liked', ['shop', 'wind']],
    ['inConstruction', ['hall', 'pv-inst', 'pv-plan']],
    ['planning', ['pv-plan']],
    ['installed', ['pv-inst']],
    ['connectedToNetwork', ['wind']],
  ];
  it.each(cases)('%s', (filter, ids) => {
    expect(
      marketplaceList(catalogue, filter, liked)
        .map((a) => a.id)
        .sort(),
    ).toEqual(ids);
  });
});

describe('new and more sections', () => {
  it('puts assets published within 60 days into "new", keeping the order', () => {
    const now = Date.parse('2026-06-30T12:00:00Z');
    const sorted = [
      asset('old', { publishedAt: '2026-01-01T00:00:00Z' }),
      asset('fresh', { publishedAt: '2026-06-01T00:00:00Z' }),
      asset('edge', { publishedAt: '2026-05-01T12:00:00Z' }),
      asset('never'),
    ];
    const { newAssets, moreAssets } = splitNewAndMore(sorted, now);
    expect(newAssets.map((a) => a.id)).toEqual(['fresh', 'edge']);
    expect(moreAssets.map((a) => a.id)).toEqual(['old', 'never']);
  });
});
