import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { assetListPage } from '@bw/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { createModulePreloads, createPagePreloads, withPreloads } from './page-preloads.js';

let t: TestApp;
let webDist: string;
beforeAll(async () => {
  webDist = await mkdtemp(path.join(os.tmpdir(), 'bw-web-dist-'));
  await writeFile(
    path.join(webDist, 'index.html'),
    '<!doctype html><html><head><title>x</title></head><body></body></html>',
  );
  t = await createTestApp({ env: { WEB_DIST_DIR: webDist } });
});
afterAll(async () => {
  await t.close();
  await rm(webDist, { recursive: true, force: true });
});

const PLANT = 'pv-weinviertel-freiflaeche';

const page = async (url: string) => {
  const res = await t.app.inject({ url, headers: { accept: 'text/html' } });
  expect(res.statusCode).toBe(200);
  return res.body;
};
const preloads = (html: string) =>
  [...html.matchAll(/<link rel="preload" as="image" href="([^"]+)" fetchpriority="high" \/>/g)].map((m) => m[1]);

const listed = async (query: Record<string, string> = {}) => {
  const res = await t.app.inject({ url: '/api/v2/assets', query: { pageSize: '100', ...query } });
  return assetListPage.parse(res.json().data).assets;
};

describe('index.html announces the photo a page shows first (issue 6)', () => {
  it('on the marketplace: the first card, the new section before the others', async () => {
    const assets = await listed();
    const first = assets.find((asset) => asset.isNew) ?? assets[0];
    expect(first?.imageUrl).toBeTruthy();
    for (const url of ['/mobileWeb/marketplace', '/app/marketplace', '/desktopWeb/marketplace', '/mobileWeb']) {
      expect(preloads(await page(url)), url).toEqual([first?.imageUrl]);
    }
  });

  it('follows a filter in the address, and gives no hint for the liked filter or the map', async () => {
    const plants = await listed({ filter: 'industry' });
    const first = plants.find((asset) => asset.isNew) ?? plants[0];
    expect(preloads(await page('/mobileWeb/marketplace?filter=industry'))).toEqual([first?.imageUrl]);
    expect(preloads(await page('/mobileWeb/marketplace?filter=liked'))).toEqual([]);
    expect(preloads(await page('/mobileWeb/marketplace?view=map'))).toEqual([]);
  });

  it("on an asset page and its desktop sub-pages: the asset's photo", async () => {
    const plant = (await listed()).find((asset) => asset.id === PLANT);
    expect(plant?.imageUrl).toBeTruthy();
    expect(preloads(await page(`/mobileWeb/asset/${PLANT}`))).toEqual([plant?.imageUrl]);
    expect(preloads(await page(`/desktopWeb/asset/${PLANT}/details`))).toEqual([plant?.imageUrl]);
  });

  it('gives no hint for other pages, unknown or unlisted assets', async () => {
    for (const url of [
      '/mobileWeb/settings',
      '/mobileWeb/asset/no-such-asset',
      '/mobileWeb/asset/dornbirn-abgelehnt',
    ]) {
      expect(preloads(await page(url)), url).toEqual([]);
    }
  });

  it('serves the page without hints when the list cannot be read', async () => {
    const failing = createPagePreloads({ summaries: () => Promise.reject(new Error('database down')) });
    expect(await failing('/mobileWeb/marketplace')).toEqual([]);
  });

  it('escapes the address it writes into the page', () => {
    const html = withPreloads('<head></head>', { images: ['/x.webp?a=1&b="2"<'] });
    expect(html).toBe(
      '<head><link rel="preload" as="image" href="/x.webp?a=1&amp;b=&quot;2&quot;&lt;" fetchpriority="high" /></head>',
    );
  });

  it("announces the asset page's lazy scripts on asset pages only, without those the entry loads", () => {
    const manifest = {
      'index.html': { file: 'assets/index-1.js', imports: ['_shell-1.js'], isEntry: true },
      '_shell-1.js': { file: 'assets/shell-1.js', imports: ['_react-1.js'] },
      '_react-1.js': { file: 'assets/react-1.js' },
      'src/features/assets/components/detail/asset-page.tsx': {
        file: 'assets/asset-page-1.js',
        imports: ['_shell-1.js', '_get-asset-1.js'],
      },
      '_get-asset-1.js': { file: 'assets/get-asset-1.js', imports: ['_react-1.js'] },
      '../../packages/i18n/src/catalogs/de-at-features.ts': { file: 'assets/de-at-features-1.js' },
    };
    const modules = createModulePreloads(manifest);
    // The asset page uses the shell's texts only (apps/web routes.ts, coreTextScreens): not the lazy screens'.
    expect(modules(`/mobileWeb/asset/${PLANT}`)).toEqual(['/assets/asset-page-1.js', '/assets/get-asset-1.js']);
    expect(modules('/mobileWeb/marketplace')).toEqual([]);
    expect(createModulePreloads(null)(`/mobileWeb/asset/${PLANT}`)).toEqual([]);
    expect(withPreloads('<head></head>', { modules: ['/assets/a.js'] })).toBe(
      '<head><link rel="modulepreload" crossorigin href="/assets/a.js" /></head>',
    );
  });
});
