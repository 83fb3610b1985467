import path from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { backofficeShot, staffLogin } from './backoffice-support.js';
import { familyOf, finishFirstOpen, isMobile, screenUrl } from './shell-support.js';
import { approveInSecurityApp, csrfHeaders, readyInvestor } from './trading-support.js';

/**
 * Issue 23, "must show", per family: a purchase settles → the inbox shows it unread → open it →
 * the unread count falls; the FAQ search answers a misspelt query; a call-back request appears in
 * the back-office queue. Real server, fresh database.
 */

const LOFT = { id: 'salzburg-altstadt-loft', title: 'Loft in der Altstadt' };
const SHOTS = path.join(import.meta.dirname, '../../docs/screenshots');

const shot = async (page: Page, name: string) => {
  if (process.env.UPDATE_SCREENSHOTS !== '1') return;
  await page.screenshot({ path: path.join(SHOTS, `inbox-${name}.png`), animations: 'disabled' });
};

test('a settled purchase lands unread in the inbox; opening it lowers the unread count', async ({
  page,
  browser,
  baseURL,
}, testInfo) => {
  test.setTimeout(120_000);
  const { family, phone } = await readyInvestor({ page, browser, baseURL }, testInfo, {
    label: 'ines.postfach',
    payInCents: 100_000,
  });
  await page.goto(`/${family}/inbox`);
  // Issue 35: the pay-in is the first entry, unread, with its amount.
  const payIn = page.getByTestId('inbox-item').filter({ hasText: 'Einzahlung eingegangen' });
  await expect(payIn).toHaveAttribute('data-unread', 'true');
  await expect(payIn).toContainText('1.000,00');
  await expect(page.getByTestId('unread-badge').first()).toHaveText('1');

  const init = await page.request.post(`/api/v1/assets/initInvestment/${LOFT.id}`, {
    headers: await csrfHeaders(page),
    data: { shares: 2, acknowledgedAppropriateness: true },
  });
  expect(init.status(), await init.text()).toBe(200);
  await approveInSecurityApp(phone.securityApp, LOFT.title);

  // The socket's `notification` event brings the badge and the list without a reload.
  const badge = page.getByTestId('unread-badge').first();
  await expect(badge).toHaveText('2', { timeout: 15_000 });
  const item = page.getByTestId('inbox-item').filter({ hasText: 'Kauf abgeschlossen' });
  await expect(item).toHaveAttribute('data-unread', 'true');
  await expect(item).toContainText('2 Anteile');
  await expect(item).toContainText(/jetzt|vor \d+ Minute/);
  await shot(page, `list-${family}`);

  await item.click();
  if (isMobile(family)) {
    await expect(page).toHaveURL(screenUrl(family, 'inbox/[0-9a-f-]{36}'));
    await expect(page.getByTestId('inbox-detail')).toContainText(LOFT.title);
    await expect(page.getByTestId('inbox-item-link')).toHaveText('Zum Investment');
    await shot(page, `detail-${family}`);
    await page.getByRole('link', { name: 'Zurück zum Postfach' }).click();
  } else {
    await expect(item).toHaveAttribute('aria-expanded', 'true');
    await expect(page.getByTestId('inbox-item-link')).toHaveText('Zum Investment');
  }
  await expect(page.getByTestId('inbox-item').filter({ hasText: 'Kauf abgeschlossen' })).toHaveAttribute(
    'data-unread',
    'false',
  );
  await expect(page.getByTestId('unread-badge').first()).toHaveText('1');
  // The pay-in's link leads to the payment account in the family on screen.
  await page.getByTestId('inbox-item').filter({ hasText: 'Einzahlung eingegangen' }).click();
  await page.getByRole('link', { name: 'Zum Zahlungskonto' }).click();
  await expect(page).toHaveURL(screenUrl(family, 'account'));
  await expect(page.getByTestId('unread-badge')).toHaveCount(0);
  await page.goto(`/${family}/inbox`);

  // Settings per type: a screen of its own on the phone families, in place on desktop.
  await page.getByText('Mitteilungen einstellen').click();
  const settings = page.getByTestId('notification-settings');
  const purchaseMail = settings.getByRole('checkbox', { name: 'Käufe: E-Mail' });
  await expect(purchaseMail).toBeChecked();
  await expect(settings.getByRole('checkbox', { name: 'Käufe: Push' })).not.toBeChecked();
  await purchaseMail.uncheck();
  await settings.getByRole('button', { name: 'Speichern' }).click();
  await expect(settings.getByRole('button', { name: 'Gespeichert' })).toBeVisible();
  await shot(page, `settings-${family}`);
  await phone.close();
});

test('the FAQ search finds an answer for a misspelt query', async ({ page }, testInfo) => {
  const family = familyOf(testInfo);
  // A guest: through the first start, then browsing without an account (support is a guest screen).
  await finishFirstOpen(page, family);
  if (!isMobile(family)) {
    await page.getByRole('button', { name: 'Ohne Anmeldung umsehen' }).click();
    await expect(page).toHaveURL(screenUrl(family, 'marketplace'));
  }
  await page.getByTestId('nav-support').first().click();
  await expect(page.getByRole('heading', { name: 'Wie können wir helfen?' })).toBeVisible();
  await page.getByTestId('support-search').fill('auszalung');
  const first = page.getByTestId('support-question').first();
  await expect(first).toContainText('Wie lasse ich mir Geld auszahlen?');
  await first.locator('summary').click();
  await expect(first).toContainText('mindestens 1 Cent');
  await shot(page, `support-${family}`);
  await page.getByTestId('support-search').fill('Quantenchromodynamik');
  await expect(page.getByText('Dazu haben wir keine Antwort gefunden.', { exact: false })).toBeVisible();
});

test('a call-back request appears in the back-office support queue', async ({ page, browser, baseURL }, testInfo) => {
  test.setTimeout(120_000);
  const { family, phone } = await readyInvestor({ page, browser, baseURL }, testInfo, { label: 'rolf.rueckruf' });
  await phone.close();
  await page.goto(`/${family}/${isMobile(family) ? 'support/callBack' : 'support/call-back'}`);
  await page.getByLabel('Wochentag').selectOption('3');
  await page.getByLabel('Zeitfenster').selectOption('14-16');
  await page.getByLabel('Telefonnummer').fill('0664-abc');
  await page.getByRole('button', { name: 'Absenden' }).click();
  await expect(page.getByText('Es sind nur Zahlen erlaubt.')).toBeVisible();
  const number = `0664 ${String(Date.now()).slice(-7)}`;
  await page.getByLabel('Telefonnummer').fill(number);
  await page.getByLabel('Worum geht es? (optional)').fill('Frage zur Ausschüttung');
  await shot(page, `callback-${family}`);
  await page.getByRole('button', { name: 'Absenden' }).click();
  await expect(page.getByTestId('support-sent')).toContainText('Wir rufen dich zurück');

  const staff = await staffLogin(browser, baseURL ?? '', 'operator');
  await staff.getByRole('link', { name: 'Support' }).click();
  const e164 = `+43${number.replace(/\s/g, '').slice(1)}`;
  const row = staff.getByRole('row').filter({ hasText: e164 });
  await expect(row).toContainText('Mittwoch, 14–16 Uhr');
  await backofficeShot(staff, 'support');
  await staff.context().close();
});
