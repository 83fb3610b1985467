import { expect, test } from '@playwright/test';
import { backofficeShot, staffLogin } from './backoffice-support.js';
import { familyOf } from './shell-support.js';
import { verifiedInvestor } from './trading-support.js';

/**
 * Issue 25: the operator starts an app-rating campaign in the back office; a verified investor sees
 * it among the open bonuses, rates the app and holds the bonus for the next purchase, once.
 */
test('an app-rating campaign from the back office grants the investor a bonus once', async ({
  page,
  browser,
  baseURL,
}, testInfo) => {
  const family = familyOf(testInfo);
  test.setTimeout(180_000);
  const title = `Danke fürs Bewerten ${Date.now() % 100_000}`;

  const otto = await staffLogin(browser, baseURL ?? '', 'operator');
  await otto.getByRole('link', { name: 'Bonus-Codes' }).click();
  const form = otto.getByRole('form', { name: 'Neue Bonus-Aktion' });
  await form.getByLabel('Art der Aktion').selectOption('appStoreRating');
  await form.getByLabel('Partner', { exact: true }).selectOption({ label: 'Brickwise' });
  await form.getByLabel('Titel (sieht der Investor)').fill(title);
  await form.getByLabel('Bonusbetrag (€)').fill('10');
  await form.getByLabel('Aktionsbudget (€, leer: unbegrenzt)').fill('1000');
  const until = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
  await form.getByLabel('Ende').fill(until);
  await form.getByRole('button', { name: 'Bonus-Aktion anlegen' }).click();
  await expect(otto.getByRole('status')).toContainText(`„${title}“ ist angelegt`);
  const row = otto.getByRole('table', { name: 'Bonus-Aktionen' }).getByRole('row', { name: new RegExp(title) });
  await expect(row).toContainText('Läuft');
  await expect(row).toContainText('0,00 € / 1.000,00 €');
  await backofficeShot(otto, 'bonus-campaigns');

  // A verified investor of that partner sees it, rates the app, and holds the bonus.
  await verifiedInvestor(page, testInfo, family, 'rating.bonus');
  await page.goto(`/${family}/investments`);
  const card = page.getByTestId('open-bonus').filter({ hasText: title });
  await expect(card).toContainText('Wird gutgeschrieben');
  if (process.env.UPDATE_SCREENSHOTS === '1')
    await page.getByTestId('open-bonuses').screenshot({ path: `docs/screenshots/open-bonuses-${family}.png` });
  await card.getByRole('button', { name: 'App jetzt bewerten' }).click();
  await expect(card).toContainText('Beim nächsten Kauf einlösbar');
  await expect(card).toContainText('10,00 €');
  await expect(card.getByRole('button', { name: 'App jetzt bewerten' })).toHaveCount(0);

  await otto.reload();
  await expect(row).toContainText('10,00 € / 1.000,00 €');
  await expect(row).toContainText('1 / 0');
});
