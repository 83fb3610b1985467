import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { deATCore, loadFeatureCatalog } from '@bw/i18n';
import { describe, expect, it, vi } from 'vitest';
import { AssetRoute } from '../features/assets/components/asset-route';
import {
  assetScreens,
  createRoutes,
  familyRouteId,
  familyRoutes,
  familyScreenRoutes,
  patchFamilyRoutes,
} from './routes';

const familyChildren = (routes: ReturnType<typeof createRoutes>, id: string) =>
  routes[0]?.children?.find((route) => route.id === id)?.children ?? [];

describe('route table per family (issue 6: only the opened family is built at start)', () => {
  it('gives the opened family its screens and the others only their catch-all', () => {
    const routes = createRoutes('mobileWeb');
    expect(familyChildren(routes, familyRouteId('mobileWeb'))).toHaveLength(familyRoutes('mobileWeb').length);
    for (const other of ['app', 'desktopWeb'] as const) {
      expect(familyChildren(routes, familyRouteId(other)).map((route) => route.path)).toEqual(['*']);
    }
  });

  it('adds a family’s screens once, on the first navigation into it', () => {
    const patch = vi.fn();
    const patchOnNavigation = patchFamilyRoutes('mobileWeb');
    patchOnNavigation({ path: '/mobileWeb/settings', patch });
    patchOnNavigation({ path: '/verify/abc', patch });
    expect(patch).not.toHaveBeenCalled();
    patchOnNavigation({ path: '/desktopWeb/asset/pv-1/details', patch });
    patchOnNavigation({ path: '/desktopWeb/marketplace', patch });
    expect(patch).toHaveBeenCalledTimes(1);
    const [routeId, children] = patch.mock.calls[0] ?? [];
    expect(routeId).toBe(familyRouteId('desktopWeb'));
    const paths = (routes: { path?: string; index?: boolean }[]) => routes.map((route) => route.path ?? 'index');
    expect(paths(children)).toEqual(paths(familyScreenRoutes('desktopWeb')));
    // The patched screens and the catch-all make the family's whole table.
    expect(familyScreenRoutes('desktopWeb').length + 1).toBe(familyRoutes('desktopWeb').length);
  });
});

describe('screens that do not wait for the lazy screens’ texts (issue 6)', () => {
  const sourcesOf = (folder: string, except?: RegExp): string[] =>
    readdirSync(folder, { recursive: true, encoding: 'utf8' })
      .filter((file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file) && !except?.test(path.basename(file)))
      .map((file) => readFileSync(path.join(folder, file), 'utf8'));
  const src = path.dirname(path.dirname(fileURLToPath(import.meta.url)));

  it('are the asset pages, rendered by the shell at once (no lazy route to wait for)', () => {
    const assetRoutes = familyScreenRoutes('mobileWeb').filter((route) => route.path?.startsWith('asset'));
    expect(assetRoutes.length).toBeGreaterThan(0);
    for (const route of assetRoutes) {
      expect(route.Component).toBe(AssetRoute);
      expect(route.lazy).toBeUndefined();
    }
  });

  it('are the asset pages, whose code uses texts of the shell’s catalog only', async () => {
    expect([...assetScreens].sort()).toEqual([
      'asset',
      'assetImprintInfo',
      'assetInfo',
      'assetInvestmentDetails',
      'assetLocationDetails',
      'assetRecords',
      'assetRentDetails',
      'assetSubpage',
    ]);
    const allSections = [...Object.keys(deATCore), ...Object.keys(await loadFeatureCatalog('de-AT'))];
    const used = new Set<string>();
    for (const source of [
      ...sourcesOf(path.join(src, 'features/assets')),
      // The attachment controls live in components/ but only the lazy support and forum screens use them.
      ...sourcesOf(path.join(src, 'components'), /^attachment-/),
    ]) {
      for (const match of source.matchAll(/['`]([a-z][A-Za-z]+)\.[A-Za-z$]/g)) {
        if (match[1] && allSections.includes(match[1])) used.add(match[1]);
      }
    }
    expect(used.size).toBeGreaterThan(3);
    expect([...used].filter((section) => !(section in deATCore))).toEqual([]);
  });
});
