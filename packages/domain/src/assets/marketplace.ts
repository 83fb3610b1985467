import type { AssetStage, ConstructionStatus, ObjectType } from './enums.js';
import { listedAssetStages } from './enums.js';

/**
 * Spec section 2, Marketplace filters: all, residential (flat), commercial, industry, project,
 * pre-sale (primaryMarket), stock, favourites (liked), in construction, and the power-plant
 * statuses planning, installed, connectedToNetwork.
 */
export const marketplaceFilters = [
  'all',
  'residential',
  'commercial',
  'industry',
  'project',
  'primaryMarket',
  'stock',
  'liked',
  'inConstruction',
  'planning',
  'installed',
  'connectedToNetwork',
] as const;
export type MarketplaceFilter = (typeof marketplaceFilters)[number];

/** Reads a `?filter=` value leniently: anything unknown is "all". */
export const parseMarketplaceFilter = (value: string | null): MarketplaceFilter =>
  (marketplaceFilters as readonly string[]).includes(value ?? '') ? (value as MarketplaceFilter) : 'all';

/** Spec section 3: forcedRanking defaults to 1000. */
export const DEFAULT_FORCED_RANKING = 1000;
/** Assets published within this many days form the "new assets" section. */
export const NEW_ASSET_WINDOW_DAYS = 60;
const MS_PER_DAY = 86_400_000;

/** The fields the marketplace rules read; the API's asset shape satisfies it. */
export type MarketplaceAsset = {
  id: string;
  stage: AssetStage;
  objectType: ObjectType;
  constructionStatus: ConstructionStatus;
  /** Issuer's remaining shares (primary market). */
  availableShares: number;
  /** Shares offered by investors (secondary market). */
  availableBricksSecondary: number;
  forcedRanking?: number | null;
  publishedAt?: string | null;
};

export const isListedStage = (stage: AssetStage): boolean => (listedAssetStages as readonly string[]).includes(stage);

/** Bricks an investor can buy right now: the issuer's in the primary market, investors' in the secondary. */
export const availableBricks = (
  asset: Pick<MarketplaceAsset, 'stage' | 'availableShares' | 'availableBricksSecondary'>,
) => (asset.stage === 'primary' ? asset.availableShares : asset.availableBricksSecondary);

/** Construction not finished: planned, a project, or installed but not yet feeding the grid. */
const IN_CONSTRUCTION: readonly ConstructionStatus[] = ['planning', 'project', 'installed'];

export const matchesFilter = (
  asset: MarketplaceAsset,
  filter: MarketplaceFilter,
  likedIds: ReadonlySet<string>,
): boolean => {
  switch (filter) {
    case 'all':
      return true;
    case 'residential':
    case 'commercial':
    case 'industry':
      return asset.objectType === filter;
    case 'primaryMarket':
      return asset.stage === 'primary';
    case 'liked':
      return likedIds.has(asset.id);
    case 'inConstruction':
      return IN_CONSTRUCTION.includes(asset.constructionStatus);
    case 'project':
    case 'stock':
    case 'planning':
    case 'installed':
    case 'connectedToNetwork':
      return asset.constructionStatus === filter;
  }
};

/** Spec section 2: sorted by available bricks descending, then forced ranking ascending (default 1000); id keeps it stable. */
export const compareMarketplaceAssets = (a: MarketplaceAsset, b: MarketplaceAsset): number =>
  availableBricks(b) - availableBricks(a) ||
  (a.forcedRanking ?? DEFAULT_FORCED_RANKING) - (b.forcedRanking ?? DEFAULT_FORCED_RANKING) ||
  (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

/** The marketplace list: only listed stages, the chosen filter, in marketplace order. Does not mutate its input. */
export const marketplaceList = <T extends MarketplaceAsset>(
  assets: readonly T[],
  filter: MarketplaceFilter = 'all',
  likedIds: ReadonlySet<string> = new Set(),
): T[] =>
  assets
    .filter((asset) => isListedStage(asset.stage) && matchesFilter(asset, filter, likedIds))
    .sort(compareMarketplaceAssets);

/** Spec section 2, "sections for new assets and more assets": new = published within the window; order kept. */
export const splitNewAndMore = <T extends MarketplaceAsset>(
  sorted: readonly T[],
  nowMs: number,
  windowDays: number = NEW_ASSET_WINDOW_DAYS,
): { newAssets: T[]; moreAssets: T[] } => {
  const since = nowMs - windowDays * MS_PER_DAY;
  const isNew = (asset: T) => asset.publishedAt != null && Date.parse(asset.publishedAt) >= since;
  return { newAssets: sorted.filter(isNew), moreAssets: sorted.filter((asset) => !isNew(asset)) };
};
