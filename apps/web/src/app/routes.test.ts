import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { deATCore, loadFeatureCatalog } from '@bw/i18n';
import { describe, expect, it, vi } from 'vitest';
import { AssetRoute } from '../features/assets/components/asset-route';
import { assetScreens, createRoutes, familyRouteId, familyScreenRoutes, patchFamilyRoutes } from './routes';

const familyChildren = (routes: ReturnType<typeof createRoutes>, id: string) =>
  routes[0]?.children?.find((route) => route.id === id)?.children ?? [];

describe('route table per family (issues 6 and 27: only what the opened address needs is built at start)', () => {
  const paths = (routes: { path?: string; index?: boolean }[]) => routes.map((route) => route.path ?? 'index');

  it('gives the opened family the marketplace, the opened screen and its catch-all, the others only their catch-all', () => {
    const routes = createRoutes('mobileWeb', '/mobileWeb/settings');
    expect(paths(familyChildren(routes, familyRouteId('mobileWeb')))).toEqual(['index', 'settings', '*']);
    for (const other of ['app', 'desktopWeb'] as const) {
      expect(paths(familyChildren(routes, familyRouteId(other)))).toEqual(['*']);
    }
    const asset = familyChildren(
      createRoutes('desktopWeb', '/desktopWeb/asset/pv-1/details'),
      familyRouteId('desktopWeb'),
    );
    expect(paths(asset)).toEqual(['index', 'asset/:id/details', '*']);
    expect(paths(familyChildren(createRoutes('app', '/app/unbekannt'), familyRouteId('app')))).toEqual(['index', '*']);
  });

  it('adds a family’s screens once, on the first navigation that needs them, the opened family’s too', () => {
    const patch = vi.fn();
    const patchOnNavigation = patchFamilyRoutes();
    patchOnNavigation({ path: '/verify/abc', patch });
    expect(patch).not.toHaveBeenCalled();
    patchOnNavigation({ path: '/desktopWeb/asset/pv-1/details', patch });
    patchOnNavigation({ path: '/desktopWeb/marketplace', patch });
    patchOnNavigation({ path: '/mobileWeb/settings', patch });
    patchOnNavigation({ path: '/mobileWeb/investments', patch });
    expect(patch).toHaveBeenCalledTimes(2);
    const [routeId, children] = patch.mock.calls[0] ?? [];
    expect(routeId).toBe(familyRouteId('desktopWeb'));
    expect(paths(children)).toEqual(paths(familyScreenRoutes('desktopWeb')));
    expect(patch.mock.calls[1]?.[0]).toBe(familyRouteId('mobileWeb'));
    // The patched screens and the catch-all make the family's whole table: every route the start
    // built is one of them, so the patch only adds (React Router skips a route with the same path).
    const whole = [...paths(familyScreenRoutes('mobileWeb')), '*'];
    const opened = paths(familyChildren(createRoutes('mobileWeb', '/mobileWeb/settings'), familyRouteId('mobileWeb')));
    expect(opened.every((path) => whole.includes(path))).toBe(true);
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
