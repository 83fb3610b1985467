import type { AssetSummary } from '@bw/contracts';
import { type MarketplaceFilter, marketplaceFilters, matchesFilter } from '@bw/domain';
import type { AssetListCache } from './asset-list-cache.js';

/** The web app's route families (spec section 2); each has the marketplace and the asset page. */
const FAMILY = '(?:app|mobileWeb|desktopWeb)';
const MARKETPLACE_PATH = new RegExp(`^/${FAMILY}(?:/marketplace)?/?$`);
const ASSET_PATH = new RegExp(`^/${FAMILY}/asset/([^/]+)(?:/[^/]*)?/?$`);

const isFilter = (value: string | null): value is MarketplaceFilter =>
  (marketplaceFilters as readonly string[]).includes(value ?? '');

/**
 * The marketplace's first card (spec section 2: the new section comes first, then the others, each
 * in marketplace order) for a filter that needs no user: the liked filter and the map show none.
 */
const firstCard = (sorted: readonly AssetSummary[], search: URLSearchParams): AssetSummary | undefined => {
  const filterParam = search.get('filter');
  const filter: MarketplaceFilter = isFilter(filterParam) ? filterParam : 'all';
  if (filter === 'liked' || search.get('view') === 'map') return undefined;
  const matching = sorted.filter((asset) => matchesFilter(asset, filter, new Set()));
  return matching.find((asset) => asset.isNew) ?? matching[0];
};

/**
 * Photos a page of the web app shows first, which index.html announces as preloads (issue 6): on a
 * phone the first photo is the largest paint, and without a hint the browser only learns its
 * address after the scripts have run and the list has come back. Listed assets only; any other
 * page, an unknown asset or a failing database gives no hint (the page works the same without).
 */
export const createPagePreloads =
  (cache: Pick<AssetListCache, 'summaries'>) =>
  async (url: string): Promise<string[]> => {
    const parsed = new URL(url, 'http://page.invalid');
    const asset = ASSET_PATH.exec(parsed.pathname);
    if (!asset && !MARKETPLACE_PATH.test(parsed.pathname)) return [];
    let sorted: AssetSummary[];
    try {
      sorted = await cache.summaries();
    } catch {
      return [];
    }
    const id = asset ? decodeURIComponent(asset[1] ?? '') : null;
    const shown = id === null ? firstCard(sorted, parsed.searchParams) : sorted.find((entry) => entry.id === id);
    return shown?.imageUrl ? [shown.imageUrl] : [];
  };

const escapeAttribute = (value: string): string =>
  value.replaceAll('&', '&amp;').replaceAll('"', '&quot;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');

/** index.html with a high-priority image preload per photo, just before `</head>`. */
export const withImagePreloads = (html: string, images: readonly string[]): string => {
  if (images.length === 0) return html;
  const links = images
    .map((href) => `<link rel="preload" as="image" href="${escapeAttribute(href)}" fetchpriority="high" />`)
    .join('');
  return html.replace('</head>', `${links}</head>`);
};
