import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { openSettings } from './auth-support.js';
import { settingsShot } from './settings-screenshots.js';
import { familyOf } from './shell-support.js';
import { verifiedInvestor } from './trading-support.js';

/**
 * Issue 39, "Your data to take away" (GDPR Art. 15 and 20, ADR 0051): in the settings the investor
 * requests the export; the worker builds the ZIP; the settings card and the inbox offer the download,
 * which is a ZIP with the manifest. Desktop only (the card is the same component in every family);
 * screenshots at 1280x800 and 390x844.
 */
test('Meine Daten exportieren: request in the settings, the job builds the ZIP, the inbox links it', async ({
  page,
}, testInfo) => {
  test.skip(familyOf(testInfo) !== 'desktopWeb', 'one family: the settings card is shared');
  test.setTimeout(120_000);
  const family = familyOf(testInfo);
  await verifiedInvestor(page, testInfo, family, 'dora.daten');
  await page.goto(`/${family}/marketplace`);
  await openSettings(page, family);

  const card = page.getByTestId('data-export-settings');
  await card.scrollIntoViewIfNeeded();
  await expect(card.getByRole('heading', { name: 'Meine Daten exportieren' })).toBeVisible();
  await card.getByTestId('data-export-request').click();
  await expect(card.getByTestId('data-export-status')).toContainText('Dein Export wird erstellt');
  // The worker builds it; the card asks again every few seconds.
  await expect(card.getByTestId('data-export-status')).toContainText('ist fertig', { timeout: 60_000 });
  await expect(card.getByTestId('data-export-status')).toContainText('Der Link gilt bis');
  await card.scrollIntoViewIfNeeded();
  await settingsShot(page, testInfo, 'data-export', { dialog: true });
  // The phone's picture: the same card in the mobile web family, same session.
  const phone = await page.context().newPage();
  await phone.setViewportSize({ width: 390, height: 844 });
  await phone.goto('/mobileWeb/settings');
  const phoneCard = phone.getByTestId('data-export-settings');
  await expect(phoneCard.getByTestId('data-export-status')).toContainText('ist fertig');
  await phoneCard.evaluate((element) => element.scrollIntoView({ block: 'center' }));
  await settingsShot(phone, testInfo, 'data-export', { dialog: true, size: 'phone' });
  await phone.close();

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    card.getByTestId('data-export-download').click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^meine-daten-\d{4}-\d{2}-\d{2}\.zip$/);
  const bytes = readFileSync((await download.path()) ?? '');
  expect(bytes.subarray(0, 2).toString('latin1')).toBe('PK');
  expect(bytes.includes(Buffer.from('manifest.json'))).toBe(true);
  expect(bytes.includes(Buffer.from('LIESMICH.txt'))).toBe(true);

  // The inbox says so, with the same download.
  await page.goto(`/${family}/inbox`);
  const note = page.getByTestId('inbox-item').filter({ hasText: 'Dein Datenexport ist fertig' });
  await note.click();
  await expect(page.getByTestId('inbox-item-download')).toBeVisible();
  await expect(page.getByTestId('inbox-item-link')).toHaveText('Zu den Einstellungen');
  const href = (await page.getByTestId('inbox-item-download').getAttribute('href')) ?? '';
  expect(href).toMatch(/^\/api\/v1\/user\/dataExport\/download\?token=/);
  const again = await page.request.get(href);
  expect(again.status()).toBe(200);
  expect(again.headers()['content-type']).toBe('application/zip');

  // A changed link is refused with a clear German error.
  const forged = await page.request.get(`${href.slice(0, -1)}${href.endsWith('0') ? '1' : '0'}`);
  expect(forged.status()).toBe(404);
  expect(((await forged.json()) as { error: { message: string } }).error.message).toContain(
    'Diesen Datenexport gibt es nicht',
  );
});
