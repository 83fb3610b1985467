import { expect, test } from '@playwright/test';
import { settingsShot } from './settings-screenshots.js';
import { approveInSecurityApp, csrfHeaders, readyInvestor } from './trading-support.js';

/**
 * Issue 22 / ADR 0034: an investor switches reinvestment on in "Mein Investment" with a price
 * limit, confirms the standing mandate once in the reference security app, sees it active there
 * and in the settings, and switches it off again. The reinvestment job itself is covered by
 * apps/api/src/modules/reinvestment/reinvestment.integration.test.ts.
 */
const LOFT = { id: 'salzburg-altstadt-loft', title: 'Loft in der Altstadt' };

test('reinvestment: switched on with a signed mandate, shown in settings, revoked', async ({
  page,
  browser,
  baseURL,
}, testInfo) => {
  test.setTimeout(150_000);
  const { family, phone } = await readyInvestor({ page, browser, baseURL }, testInfo, {
    label: 'rene.wiederanlage',
    payInCents: 100_000,
  });
  const init = await page.request.post(`/api/v1/assets/initInvestment/${LOFT.id}`, {
    headers: await csrfHeaders(page),
    data: { shares: 2, acknowledgedAppropriateness: true },
  });
  expect(init.status(), await init.text()).toBe(200);
  await approveInSecurityApp(phone.securityApp, LOFT.title);

  await page.goto(`/${family}/investment/${LOFT.id}`);
  const section = page.getByTestId('reinvestment');
  await expect(section.getByRole('heading', { name: 'Wiederanlage' })).toBeVisible();
  const form = section.getByTestId('reinvest-form');
  await form.getByLabel('Preisgrenze je Anteil (€)').fill('0');
  await form.getByRole('button', { name: 'Wiederanlage aktivieren' }).click();
  await expect(form).toContainText('Bitte gib einen Betrag größer als 0 ein');
  await form.getByLabel('Preisgrenze je Anteil (€)').fill('600,00');
  await form.getByLabel(/Angemessenheitswarnung/).check();
  await form.getByRole('button', { name: 'Wiederanlage aktivieren' }).click();
  await expect(section.getByTestId('reinvest-status')).toHaveText(
    'Bitte bestätige den Dauerauftrag in deiner Sicherheits-App.',
  );

  await approveInSecurityApp(phone.securityApp, LOFT.title);
  await page.reload();
  await expect(section.getByTestId('reinvest-status')).toHaveAttribute('data-status', 'active');
  await expect(section.getByTestId('reinvest-status')).toContainText('Wiederanlage aktiv bis 600,00');

  await page.goto(`/${family}/settings`);
  const mandate = page.getByTestId('reinvestment-settings').getByTestId('reinvestment-mandate');
  await expect(mandate).toContainText(LOFT.title);
  await expect(mandate).toContainText('Aktiv');
  if (family !== 'app') {
    await mandate.scrollIntoViewIfNeeded();
    await settingsShot(page, testInfo, 'reinvestment', { dialog: true });
  }

  await page.goto(`/${family}/investment/${LOFT.id}`);
  await section.getByRole('button', { name: 'Wiederanlage beenden' }).click();
  await expect(section.getByTestId('reinvest-form')).toBeVisible();
  await page.goto(`/${family}/settings`);
  await expect(page.getByTestId('reinvestment-settings').getByTestId('reinvestment-mandate')).toContainText(
    'Widerrufen',
  );
  await phone.close();
});
