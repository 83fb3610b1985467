import path from 'node:path';
import { expect, type Page, type TestInfo, test } from '@playwright/test';
import { tilePort } from '../playwright.config.js';
import { type Family, familyOf, finishFirstOpen, isMobile, screenUrl } from './shell-support.js';
import { startTileServer, type TileServer } from './tile-server.js';

/**
 * Issue 6 in every route family, against the real server and its demo catalogue: filter, list and
 * map, open an asset, walk every tab (desktop: every sub-page), open a document (the PDF), and a
 * guest who tries to like gets the register-or-login dialog.
 */

const ASSET = { id: 'pv-landshut-agri', title: 'Agri-PV Landshut' } as const;
const INDUSTRY = 'Gewerbehalle Innsbruck-Rossau';

const asGuestOnMarketplace = async (page: Page, family: Family) => {
  await finishFirstOpen(page, family);
  await page.goto('/');
  await page.getByTestId('continue-as-guest').click();
  await expect(page).toHaveURL(screenUrl(family, 'marketplace'));
  await expect(page.getByRole('heading', { name: 'Neue Objekte' })).toBeVisible();
};

const saveShot = async (page: Page, testInfo: TestInfo, name: string) => {
  const shot = await page.screenshot({ animations: 'disabled' });
  await testInfo.attach(name, { body: shot, contentType: 'image/png' });
  if (process.env.UPDATE_SCREENSHOTS === '1') {
    await page.screenshot({
      path: path.join(import.meta.dirname, '../../docs/screenshots', name),
      animations: 'disabled',
    });
  }
};

// The map's tiles come from the local test tile server (issue 27), never from the internet.
let tiles: TileServer;
test.beforeAll(async () => {
  tiles = await startTileServer(tilePort);
});
test.afterAll(async () => tiles.close());

/** Every asset on the map: single pins plus the assets in the clusters. */
const assetsOnMap = async (page: Page): Promise<number> => {
  const pins = await page.getByTestId('map-marker').count();
  const clusters = await page
    .getByTestId('map-cluster')
    .evaluateAll((nodes) => nodes.reduce((sum, node) => sum + Number(node.getAttribute('data-count')), 0));
  return pins + clusters;
};

const sizeName = (family: Family) => (isMobile(family) ? '390x844' : '1280x800');

test('a guest filters the marketplace and switches between list and map', async ({ page }, testInfo) => {
  const family = familyOf(testInfo);
  await asGuestOnMarketplace(page, family);
  const cards = page
    .getByRole('main')
    .getByRole('listitem')
    .filter({ has: page.getByRole('progressbar') });
  await expect(cards).toHaveCount(17);
  if (family !== 'app') await saveShot(page, testInfo, `marketplace-list-${sizeName(family)}.png`);

  await page.getByRole('button', { name: 'Industrie', exact: true }).click();
  await expect(page).toHaveURL(/filter=industry/);
  await expect(page.getByRole('link', { name: INDUSTRY })).toBeVisible();
  await expect(page.getByRole('link', { name: ASSET.title })).toHaveCount(0);
  await expect(cards).toHaveCount(2);

  await page.getByRole('button', { name: 'Favoriten', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Noch keine Favoriten' })).toBeVisible();
  await page.getByRole('button', { name: 'Alle Objekte zeigen' }).click();
  await expect(cards).toHaveCount(17);

  await page.getByRole('button', { name: 'Karte', exact: true }).click();
  await expect(page).toHaveURL(/view=map/);
  await expect(page.locator('.leaflet-tile-loaded').first()).toBeVisible();
  await expect.poll(() => assetsOnMap(page)).toBe(17);
  if (family !== 'app') await saveShot(page, testInfo, `marketplace-map-${sizeName(family)}.png`);
  // Filters apply to the map too; in planning, the Landshut pin stands on its own and opens its card.
  await page.getByRole('button', { name: 'In Planung', exact: true }).click();
  await expect.poll(() => assetsOnMap(page)).toBe(3);
  await page.getByRole('button', { name: `${ASSET.title} in Landshut ansehen` }).click();
  await page.getByTestId('map-card').getByRole('link', { name: ASSET.title }).click();
  await expect(page.getByRole('heading', { level: 1, name: ASSET.title })).toBeVisible();
  await page.goBack();
  await expect(page).toHaveURL(/view=map/);
  await page.getByRole('button', { name: 'Liste', exact: true }).click();
  await page.getByRole('button', { name: 'Alle', exact: true }).click();
  await expect(cards).toHaveCount(17);
});

test('a guest who tries to like gets the register-or-login dialog', async ({ page }, testInfo) => {
  const family = familyOf(testInfo);
  await asGuestOnMarketplace(page, family);
  await page.getByRole('button', { name: `${ASSET.title} merken` }).click();
  await expect(page.getByRole('dialog', { name: 'Dafür brauchst du ein Konto' })).toBeVisible();
  await page.getByRole('button', { name: 'Später' }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
});

const mobileTabs = [
  ['Überblick', '', 'Beschreibung'],
  ['Objekt', '/asset-info', 'Objekt'],
  ['Investment', '/investment-details', 'Finanzierung'],
  ['Lage', '/location-details', 'Lage'],
  ['Miete', '/rent-details', 'Mietübersicht'],
  ['Neuigkeiten', '/asset-records', 'Neuigkeiten'],
  ['Dokumente', '/documents', 'Dokumente'],
  ['Mein Investment', '/my-investment', 'Mein Investment'],
] as const;

const desktopTabs = [
  ['Überblick', '/details', 'Beschreibung'],
  ['Objekt', '/asset-info', 'Objekt'],
  ['Investment', '/investment-details', 'Finanzierung'],
  ['Lage', '/location-details', 'Lage'],
  ['Miete', '/rent-details', 'Mietübersicht'],
  ['Neuigkeiten', '/asset-records', 'Neuigkeiten'],
] as const;

test('open an asset, walk every tab and open its documents', async ({ page }, testInfo) => {
  const family = familyOf(testInfo);
  await asGuestOnMarketplace(page, family);
  await page.getByRole('link', { name: ASSET.title }).click();
  const base = `/${family}/asset/${ASSET.id}`;
  await expect(page).toHaveURL(new RegExp(`${base}${family === 'desktopWeb' ? '/details' : ''}$`));
  await expect(page.getByRole('heading', { level: 1, name: ASSET.title })).toBeVisible();
  // The overview: price chart (enableChart), calculators and scenarios.
  await expect(page.getByRole('heading', { name: 'Preisentwicklung' })).toBeVisible();
  await expect(page.getByTestId('yield-result')).toContainText('€');
  await expect(page.getByTestId('energy-result')).toContainText('kWh');
  await expect(page.getByRole('heading', { name: 'Szenarien' })).toBeVisible();
  if (family !== 'app') await saveShot(page, testInfo, `asset-${sizeName(family)}.png`);

  const tabs = page.getByRole('navigation', { name: 'Bereiche des Objekts' });
  for (const [label, suffix, heading] of family === 'desktopWeb' ? desktopTabs : mobileTabs) {
    await tabs.getByRole('link', { name: label, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`${base}${suffix}$`));
    await expect(page.getByRole('heading', { name: heading, exact: true })).toBeVisible();
  }

  await page.getByRole('link', { name: 'Impressum des Emittenten' }).click();
  await expect(page).toHaveURL(new RegExp(`${base}/imprint-info$`));
  await expect(page.getByText('Isar Agri-PV GmbH & Co. KG')).toBeVisible();

  // Documents: a tab on the phones, part of the overview on desktop.
  if (family === 'desktopWeb') await tabs.getByRole('link', { name: 'Überblick', exact: true }).click();
  else await tabs.getByRole('link', { name: 'Dokumente', exact: true }).click();
  const document = page.getByRole('link', { name: 'Exposé öffnen (PDF)' });
  await expect(document).toBeVisible();
  const href = await document.getAttribute('href');
  expect(href).toBeTruthy();
  const pdf = await page.request.get(href ?? '');
  expect(pdf.status()).toBe(200);
  expect(pdf.headers()['content-type']).toContain('application/pdf');
  expect((await pdf.body()).subarray(0, 5).toString()).toBe('%PDF-');
  const [popup] = await Promise.all([page.waitForEvent('popup'), document.click()]);
  await expect(popup).toHaveURL(/documents\/\?documentId=[0-9a-f-]{36}/);
});

test('a guest who taps "Jetzt investieren" gets the register-or-login dialog', async ({ page }, testInfo) => {
  const family = familyOf(testInfo);
  await asGuestOnMarketplace(page, family);
  await page.getByRole('link', { name: ASSET.title }).click();
  await page.getByRole('button', { name: 'Jetzt investieren' }).click();
  await expect(page.getByRole('dialog', { name: 'Dafür brauchst du ein Konto' })).toBeVisible();
});

test('the map shows the partner’s tiles from the tile server, and a pin opens its asset card', async ({
  page,
}, testInfo) => {
  const family = familyOf(testInfo);
  await asGuestOnMarketplace(page, family);
  const servedBefore = tiles.served();
  await page.getByRole('button', { name: 'Karte', exact: true }).click();
  const tile = page.locator('img.leaflet-tile-loaded').first();
  await expect(tile).toBeVisible();
  expect(await tile.getAttribute('src')).toMatch(
    new RegExp(`^http://127\\.0\\.0\\.1:${tilePort}/tiles/\\d+/\\d+/\\d+\\.png$`),
  );
  expect(tiles.served()).toBeGreaterThan(servedBefore);
  await expect(page.getByText('Testkacheln')).toBeVisible();
  // In planning, the Landshut pin stands on its own (with all assets it may sit in a cluster).
  await page.getByRole('button', { name: 'In Planung', exact: true }).click();
  await page.getByRole('button', { name: `${ASSET.title} in Landshut ansehen` }).click();
  const card = page.getByTestId('map-card');
  await expect(card.getByRole('link', { name: ASSET.title })).toBeVisible();
  if (family !== 'app') await saveShot(page, testInfo, `marketplace-map-card-${sizeName(family)}.png`);
  await card.getByRole('button', { name: 'Objekt schließen' }).click();
  await expect(card).toHaveCount(0);
});

test('with the tiles blocked the map gives way to the list', async ({ page }, testInfo) => {
  const family = familyOf(testInfo);
  await page.route(`http://127.0.0.1:${tilePort}/**`, (route) => route.abort());
  await asGuestOnMarketplace(page, family);
  await page.getByRole('button', { name: 'Karte', exact: true }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Die Karte lässt sich gerade nicht laden' })).toBeVisible();
  await expect(page.getByTestId('asset-map')).toHaveCount(0);
  await expect(page.getByRole('link', { name: ASSET.title })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Neue Objekte' })).toBeVisible();
});

test('an asset with trades shows its price chart with axes, the 30-day average and ranges', async ({
  page,
}, testInfo) => {
  const family = familyOf(testInfo);
  await asGuestOnMarketplace(page, family);
  await page.getByRole('link', { name: 'Solarpark Weinviertel' }).first().click();
  const chart = page.getByTestId('price-chart');
  await chart.scrollIntoViewIfNeeded();
  // lightweight-charts lays the plot, the price axis (right) and the time axis (bottom) out as a table.
  const rows = chart.locator('table tr');
  await expect(rows.first().locator('canvas').first()).toBeVisible();
  const priceAxis = await rows.first().locator('td').last().boundingBox();
  const timeAxis = await rows.last().boundingBox();
  expect(priceAxis?.width ?? 0).toBeGreaterThan(30);
  expect(timeAxis?.height ?? 0).toBeGreaterThan(15);
  const average = page.getByTestId('price-chart-legend-average');
  await expect(average).toContainText('Gewichteter Ø 30 Tage');
  await expect(average).toContainText(/\d+,\d{2}\s€/);
  await expect(page.getByTestId('price-chart-legend-price')).toContainText(/\d+,\d{2}\s€/);
  // The crosshair is the tooltip: the legend shows the day and the values under it.
  const lastDay = await page.getByTestId('price-chart-day').textContent();
  const plot = await rows.first().locator('td').nth(1).boundingBox();
  if (!plot) throw new Error('no plot area');
  await page.mouse.move(plot.x + plot.width * 0.3, plot.y + plot.height / 2);
  await expect(page.getByTestId('price-chart-day')).not.toHaveText(lastDay ?? '');
  await chart.getByRole('button', { name: '1 M', exact: true }).click();
  await expect(chart.getByRole('button', { name: '1 M', exact: true })).toHaveAttribute('aria-pressed', 'true');
  if (family !== 'app') await saveShot(page, testInfo, `asset-price-chart-${sizeName(family)}.png`);
  const production = page.getByTestId('production-chart');
  await production.scrollIntoViewIfNeeded();
  await expect(page.getByTestId('production-chart-legend-production')).toContainText(/kWh/);
  if (family !== 'app') await saveShot(page, testInfo, `asset-production-chart-${sizeName(family)}.png`);
});
