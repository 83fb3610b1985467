import type { AssetListPage, AssetListQuery, AssetSummary } from '@bw/contracts';
import type { Db } from '@bw/db';
import { compareMarketplaceAssets, matchesFilter } from '@bw/domain';
import { toAssetSummary } from './asset-mappers.js';
import { listListedAssets } from './assets.repo.js';

/** How long another process's change may take to show here (this process invalidates at once). */
export const ASSET_LIST_TTL_MS = 2_000;
/** Bound on cached serialized pages (filters × sections × pages × sizes). */
const MAX_CACHED_PAGES = 500;

/** One page of the marketplace (spec section 2): filter, section, then the page; order is kept. */
export const pageOfAssets = (
  sorted: readonly AssetSummary[],
  query: AssetListQuery,
  likedIds: ReadonlySet<string>,
): AssetListPage => {
  const matching = sorted.filter(
    (asset) =>
      matchesFilter(asset, query.filter, likedIds) &&
      (query.section === 'all' || (query.section === 'new') === asset.isNew),
  );
  const start = query.page * query.pageSize;
  return {
    assets: matching.slice(start, start + query.pageSize),
    page: query.page,
    pageSize: query.pageSize,
    totalCount: matching.length,
  };
};

export type AssetListCache = {
  /** Listed assets as marketplace cards, in marketplace order, without per-user fields. */
  summaries(): Promise<AssetSummary[]>;
  /** A guest's page, already serialized as the `{ data }` envelope (UTF-8 bytes, encoded once). */
  guestPage(query: AssetListQuery): Promise<Buffer>;
  invalidate(): void;
};

/**
 * The marketplace list is read far more than it changes: it is loaded with one query, kept in
 * memory and dropped whenever this process publishes `update_assets` (ADR 0004). A short TTL
 * bounds how stale it can be when another process made the change.
 */
export const createAssetListCache = (db: Db, options: { ttlMs?: number; now?: () => number } = {}): AssetListCache => {
  const ttlMs = options.ttlMs ?? ASSET_LIST_TTL_MS;
  const now = options.now ?? Date.now;
  type Entry = { at: number; list: Promise<AssetSummary[]>; pages: Map<string, Buffer> };
  let loaded: Entry | null = null;

  // Serialized pages live with the list they were built from, so a reload never serves a stale page.
  const current = (): Entry => {
    const at = now();
    if (loaded && at - loaded.at < ttlMs) return loaded;
    const list = listListedAssets(db).then((rows) =>
      rows.map(({ asset, likes }) => toAssetSummary(asset, likes, at)).sort(compareMarketplaceAssets),
    );
    const entry: Entry = { at, list, pages: new Map() };
    loaded = entry;
    list.catch(() => {
      if (loaded === entry) loaded = null;
    });
    return entry;
  };

  return {
    summaries: () => current().list,
    guestPage: async (query) => {
      const entry = current();
      const key = `${query.filter}|${query.section}|${query.page}|${query.pageSize}`;
      const cached = entry.pages.get(key);
      if (cached !== undefined) return cached;
      const body = Buffer.from(JSON.stringify({ data: pageOfAssets(await entry.list, query, new Set()) }));
      if (entry.pages.size >= MAX_CACHED_PAGES) entry.pages.clear();
      entry.pages.set(key, body);
      return body;
    },
    invalidate: () => {
      loaded = null;
    },
  };
};
