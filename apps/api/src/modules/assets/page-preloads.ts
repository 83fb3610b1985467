import type { AssetSummary } from '@bw/contracts';
import { matchesFilter, parseMarketplaceFilter } from '@bw/domain';
import type { AssetListCache } from './asset-list-cache.js';

/** The web app's route families (spec section 2); each has the marketplace and the asset page. */
const FAMILY = '(?:app|mobileWeb|desktopWeb)';
const MARKETPLACE_PATH = new RegExp(`^/${FAMILY}(?:/marketplace)?/?$`);
const ASSET_PATH = new RegExp(`^/${FAMILY}/asset/([^/]+)(?:/[^/]*)?/?$`);

/**
 * The marketplace's first card (spec section 2: the new section comes first, then the others, each
 * in marketplace order) for a filter that needs no user: the liked filter and the map show none.
 */
const firstCard = (sorted: readonly AssetSummary[], search: URLSearchParams): AssetSummary | undefined => {
  const filter = parseMarketplaceFilter(search.get('filter'));
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

/** The subset of Vite's build manifest (`dist/.vite/manifest.json`) the module preloads read. */
export type WebManifest = Record<string, { file: string; imports?: string[]; isEntry?: boolean }>;

/**
 * The asset page's lazy route module (apps/web). Its texts are in the shell's catalog, so it does not
 * load the lazy screens' texts (`coreTextScreens` in apps/web/src/app/routes.tsx).
 */
const ASSET_PAGE_MODULES = ['src/features/assets/components/detail/asset-page.tsx'];

const closure = (manifest: WebManifest, keys: readonly string[]): Set<string> => {
  const files = new Set<string>();
  const seen = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (seen.has(key) || !chunk) return;
    seen.add(key);
    files.add(chunk.file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  for (const key of keys) visit(key);
  return files;
};

/**
 * Scripts an asset page loads after the start (its lazy route and what it imports), for
 * `<link rel="modulepreload">` in its index.html: without them the phone asks for them only after
 * the first scripts have run (issue 6). Files the entry already loads are left out.
 */
export const createModulePreloads = (manifest: WebManifest | null) => {
  if (!manifest) return (_url: string): string[] => [];
  const entry = closure(
    manifest,
    Object.keys(manifest).filter((key) => manifest[key]?.isEntry),
  );
  const assetPage = [...closure(manifest, ASSET_PAGE_MODULES)]
    .filter((file) => !entry.has(file))
    .map((file) => `/${file}`);
  return (url: string): string[] => (ASSET_PATH.test(new URL(url, 'http://page.invalid').pathname) ? assetPage : []);
};

const escapeAttribute = (value: string): string =>
  value.replaceAll('&', '&amp;').replaceAll('"', '&quot;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');

/** index.html with a high-priority preload per photo and a module preload per script, just before `</head>`. */
export const withPreloads = (
  html: string,
  { images = [], modules = [] }: { readonly images?: readonly string[]; readonly modules?: readonly string[] },
): string => {
  if (images.length === 0 && modules.length === 0) return html;
  const links = [
    ...images.map((href) => `<link rel="preload" as="image" href="${escapeAttribute(href)}" fetchpriority="high" />`),
    ...modules.map((href) => `<link rel="modulepreload" crossorigin href="${escapeAttribute(href)}" />`),
  ].join('');
  return html.replace('</head>', `${links}</head>`);
};
