import { expect, type Locator, type Page, test } from '@playwright/test';
import { backofficeShot, SAMPLE_PNG, staffLogin } from './backoffice-support.js';
import {
  ASSET,
  averagePriceCents,
  closeOpened,
  demoInvestor,
  giveShares,
  newInvestor,
} from './bulletin-board-support.js';
import { familyOf, isMobile } from './shell-support.js';
import { assetUrl, verifiedInvestor } from './trading-support.js';

/**
 * Issues 23 and 24: attachments through `POST /api/v1/data/file`. Write us with a file: a file the
 * server refuses by its bytes shows its German message, a file is removed again, the request with
 * its attachment appears in the back-office queue and staff download the same bytes. A holder
 * posts a forum message with a PDF; another holder downloads it.
 */
const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj 2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);
/** Named and declared as a PNG, but its bytes are a GIF: the server refuses it. */
const FAKE_PNG = Buffer.from('GIF89a\u0001\u0000\u0001\u0000\u0000\u0000\u0000;');

const attach = (scope: Page | Locator, name: string, mimeType: string, buffer: Buffer) =>
  scope.getByTestId('attachment-input').setInputFiles({ name, mimeType, buffer });

test.afterEach(closeOpened);

test('write us with an attachment: the back-office queue shows it and staff download it', async ({
  page,
  browser,
  baseURL,
}, testInfo) => {
  test.setTimeout(180_000);
  const family = familyOf(testInfo);
  await verifiedInvestor(page, testInfo, family, 'anhang.schreibuns');
  await page.goto(`/${family}/${isMobile(family) ? 'support/writeUs' : 'support/write-us'}`);
  const subject = `Kontoauszug ${testInfo.project.name} ${Date.now()}`;
  await page.getByLabel('Betreff').fill(subject);
  await page.getByLabel('Nachricht').fill('Die Überweisung fehlt, der Kontoauszug hängt an.');

  await attach(page, 'foto.png', 'image/png', FAKE_PNG);
  await expect(page.getByTestId('attachment-error')).toHaveText(
    'Bitte lade ein PDF oder ein Bild (JPEG, PNG oder WebP) hoch.',
  );
  await attach(page, 'bild.png', 'image/png', SAMPLE_PNG);
  await attach(page, 'kontoauszug.pdf', 'application/pdf', PDF);
  const attached = page.getByTestId('attached-file');
  await expect(attached).toHaveCount(2);
  await expect(attached.filter({ hasText: 'kontoauszug.pdf' })).toContainText('(1 KB)');
  await page.getByRole('button', { name: 'bild.png entfernen' }).click();
  await expect(attached).toHaveCount(1);
  await page.getByRole('button', { name: 'Absenden' }).click();
  await expect(page.getByTestId('support-sent')).toBeVisible();

  const staff = await staffLogin(browser, baseURL ?? '', 'operator');
  await staff.getByRole('link', { name: 'Support' }).click();
  const row = staff.getByRole('row').filter({ hasText: subject });
  // The column "Anhänge" counts the files.
  await expect(row.getByRole('cell').nth(4)).toHaveText('1');
  await row.click();
  const files = staff.getByTestId('support-attachments');
  const link = files.getByRole('link', { name: /kontoauszug\.pdf/ });
  await expect(link).toBeVisible();
  await backofficeShot(staff, 'support-attachments');
  const href = await link.getAttribute('href');
  const download = await staff.request.get(href ?? '');
  expect(download.status()).toBe(200);
  expect(Buffer.from(await download.body()).equals(PDF)).toBe(true);
  await staff.context().close();
});

test('a forum message with an attachment: the holder posts it, another holder downloads it', async ({
  browser,
  baseURL,
}, testInfo) => {
  test.setTimeout(240_000);
  const base = baseURL ?? '';
  const anna = await demoInvestor(base, 'anna');
  const price = await averagePriceCents(anna.api);
  const lea = await newInvestor(browser, base, testInfo, 'anhang-forum', 1_000_000n);
  await giveShares(anna, lea, 2, price);

  const { page, family } = lea;
  await page.goto(isMobile(family) ? `/${family}/asset/${ASSET.id}/forum` : assetUrl(family, ASSET.id));
  const forum = page.getByTestId('forum');
  await forum.scrollIntoViewIfNeeded();
  await forum.getByRole('tab', { name: 'Nachrichten' }).click();
  const text = `Angebot des Installateurs (${testInfo.project.name} ${Date.now()})`;
  await forum.getByLabel('Deine Nachricht').fill(text);
  await attach(forum, 'angebot.pdf', 'application/pdf', PDF);
  await expect(forum.getByTestId('attached-file')).toContainText('angebot.pdf');
  await forum.getByRole('button', { name: 'Senden' }).click();

  const message = forum.getByTestId('forum-message').filter({ hasText: text });
  const link = message.getByRole('link', { name: /angebot\.pdf/ });
  await expect(link).toBeVisible();
  await expect(forum.getByTestId('attached-file')).toHaveCount(0);
  const href = (await link.getAttribute('href')) ?? '';
  expect(href).toMatch(/^\/api\/v1\/data\/file\//);
  // Anna holds shares of the same asset: she reads the forum and downloads the file.
  const download = await anna.api.get(href);
  expect(download.status()).toBe(200);
  expect(download.headers()['content-type']).toContain('application/pdf');
  expect(Buffer.from(await download.body()).equals(PDF)).toBe(true);
});

test('a slow upload shows how far it is until the file is listed', async ({ page }, testInfo) => {
  test.setTimeout(120_000);
  const family = familyOf(testInfo);
  await verifiedInvestor(page, testInfo, family, 'anhang.fortschritt');
  await page.goto(`/${family}/${isMobile(family) ? 'support/writeUs' : 'support/write-us'}`);
  // A real PDF of about 400 KB, sent over a line that uploads 100 KB per second.
  const padding = Buffer.alloc(400 * 1024, '%');
  const bigPdf = Buffer.concat([PDF.subarray(0, PDF.length - 6), Buffer.from('\n'), padding, Buffer.from('\n%%EOF\n')]);
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 20,
    downloadThroughput: -1,
    uploadThroughput: 100 * 1024,
  });
  await attach(page, 'grundbuch.pdf', 'application/pdf', bigPdf);
  const bar = page.getByRole('progressbar', { name: 'grundbuch.pdf' });
  await expect(bar).toBeVisible();
  await expect(page.getByTestId('attachment-picker').getByRole('status')).toContainText('grundbuch.pdf');
  const seen = new Set<number>();
  const deadline = Date.now() + 30_000;
  while ((await bar.count()) > 0 && Date.now() < deadline) {
    const now = Number(await bar.getAttribute('aria-valuenow', { timeout: 1000 }).catch(() => null));
    if (Number.isFinite(now)) seen.add(now);
    await page.waitForTimeout(200);
  }
  // Between nothing and everything at least once: the bar moved while the bytes went out.
  expect(
    [...seen].some((percent) => percent > 0 && percent < 100),
    `seen ${[...seen].join(', ')}`,
  ).toBe(true);
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: -1,
  });
  await expect(page.getByTestId('attached-file').filter({ hasText: 'grundbuch.pdf' })).toBeVisible();
});
