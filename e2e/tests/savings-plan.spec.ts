import { expect, test } from '@playwright/test';
import { ASSET, averagePriceCents, demoDeleteOffer, demoInvestor, demoSellOffer } from './bulletin-board-support.js';
import { approveInSecurityApp, csrfHeaders, readyInvestor, tradingSnapshot } from './trading-support.js';

/**
 * Issue 40 / ADR 0045: an investor sets a savings plan up on the investments screen, confirms the
 * standing order once in the reference security app, the month's execution runs (triggered here
 * through the development route that runs the job's operation), and the purchase appears in the
 * payment account, in the plan's history and in the inbox; then the plan is ended.
 */
const LOFT = { id: 'salzburg-altstadt-loft', title: 'Loft in der Altstadt' };

test('savings plan: set up, signed, executed, shown in account, history and inbox, ended', async ({
  page,
  browser,
  baseURL,
}, testInfo) => {
  test.setTimeout(180_000);
  const { family, phone } = await readyInvestor({ page, browser, baseURL }, testInfo, {
    label: 'sara.sparplan',
    payInCents: 100_000,
  });

  await page.goto(`/${family}/investments`);
  const section = page.getByTestId('savings-plans');
  await expect(section.getByRole('heading', { name: 'Sparplan', exact: true })).toBeVisible();
  await expect(section).toContainText('Du hast noch keinen Sparplan.');
  await section.getByRole('button', { name: 'Sparplan anlegen' }).click();
  const form = section.getByTestId('savings-form');
  await form.getByLabel('Monatlicher Betrag (€)').fill('20,00');
  await form.getByRole('button', { name: 'Sparplan zur Bestätigung senden' }).click();
  await expect(form).toContainText('Bitte gib mindestens 25,00 € ein.');
  await form.getByLabel('Monatlicher Betrag (€)').fill('250,00');
  await form.getByRole('button', { name: 'Sparplan zur Bestätigung senden' }).click();
  await expect(form).toContainText('Die Aufteilung muss zusammen 100 % ergeben');
  await form.getByLabel('Ausführung am Tag des Monats (1–28)').fill('1');
  await form.getByLabel(`Anteil für ${LOFT.title} in %`).fill('100');
  await form.getByLabel(/Angemessenheitswarnung/).check();
  await tradingSnapshot(page, testInfo, 'savings-plan-form', { desktop: { width: 1280, height: 800 } });
  await form.getByRole('button', { name: 'Sparplan zur Bestätigung senden' }).click();
  const plan = section.getByTestId('savings-plan');
  await expect(plan.getByTestId('savings-plan-status')).toHaveText('Wartet auf Bestätigung in deiner Sicherheits-App');

  // The security app states the whole standing order.
  const request = phone.securityApp.getByTestId('signing-request').filter({ hasText: LOFT.title });
  await expect(request).toContainText('Dauerauftrag bis auf Widerruf: monatlich am 1. 250,00 €');
  await expect(request).toContainText('100 % Loft in der Altstadt');
  await approveInSecurityApp(phone.securityApp, LOFT.title);
  await page.reload();
  await expect(plan).toHaveAttribute('data-status', 'active');
  await expect(plan).toContainText('250,00');
  await expect(plan.getByTestId('savings-next')).toContainText('Nächste Ausführung:');

  // The month's execution, as the job runs it.
  const overview = await page.request.get('/api/v1/user/savingsPlans');
  const planId = (await overview.json()).data.plans[0].id as string;
  const run = await page.request.post(`/api/v1/dev/savingsPlans/${planId}/execute`, {
    headers: await csrfHeaders(page),
  });
  expect(run.status(), await run.text()).toBe(200);
  expect((await run.json()).data.outcome).toBe('bought');
  const [execution] = (await (await page.request.get('/api/v1/user/savingsPlans')).json()).data.executions;
  expect(execution).toMatchObject({ assetId: LOFT.id, outcome: 'bought', shares: 2 });

  await page.reload();
  await expect(section.getByTestId('savings-history')).toContainText('2 Anteile für');
  await expect(section.getByTestId('savings-history')).toContainText(LOFT.title);
  await section.scrollIntoViewIfNeeded();
  await tradingSnapshot(page, testInfo, 'savings-plan-overview', { desktop: { width: 1280, height: 800 } });

  await page.goto(`/${family}/account`);
  const spent = BigInt(execution.spentCents);
  const left = 100_000n - spent;
  const euros = `${(left / 100n).toLocaleString('de-AT')},${String(left % 100n).padStart(2, '0')}`;
  await expect(page.getByTestId('balance')).toContainText(euros);
  const purchase = page.getByTestId('past-transactions').getByTestId('transaction-row').filter({ hasText: 'Kauf' });
  await expect(purchase).toHaveCount(1);

  await page.goto(`/${family}/inbox`);
  const note = page.getByTestId('inbox-item').filter({ hasText: 'Sparplan ausgeführt' });
  await expect(note).toBeVisible();
  await expect(note).toContainText(`„${LOFT.title}“: 2 Anteile für`);

  await page.goto(`/${family}/investments`);
  await section.getByRole('button', { name: 'Beenden' }).click();
  await expect(section).toContainText('Du hast noch keinen Sparplan.');
  await phone.close();
});

test('offer alert: set up on the investments screen, arrives in the inbox when a matching offer is placed', async ({
  page,
  browser,
  baseURL,
}, testInfo) => {
  test.setTimeout(150_000);
  const { family, phone } = await readyInvestor({ page, browser, baseURL }, testInfo, { label: 'olga.alarm' });
  const anna = await demoInvestor(baseURL ?? '', 'anna');
  const average = await averagePriceCents(anna.api);

  await page.goto(`/${family}/investments`);
  const card = page.getByTestId('alerts');
  await expect(card).toContainText('Du hast noch keinen Alarm.');
  const form = card.getByTestId('alert-form');
  await form.getByLabel('Art des Alarms').selectOption({ label: 'Verkaufsangebot zu oder unter' });
  await form.getByLabel('Objekt').selectOption({ label: ASSET.title });
  await form.getByLabel('Preis je Anteil (€)').fill(`${average / 100n},${String(average % 100n).padStart(2, '0')}`);
  await form.getByRole('button', { name: 'Alarm anlegen' }).click();
  await expect(card.getByTestId('alert')).toContainText(`${ASSET.title}: Angebot zu oder unter`);
  await card.scrollIntoViewIfNeeded();
  await tradingSnapshot(page, testInfo, 'alerts', { desktop: { width: 1280, height: 800 } });

  const offerId = await demoSellOffer(anna, 1, average);
  const scan = await page.request.post('/api/v1/dev/alerts/scan', { headers: await csrfHeaders(page) });
  expect(scan.status(), await scan.text()).toBe(200);

  await page.goto(`/${family}/inbox`);
  const note = page.getByTestId('inbox-item').filter({ hasText: `Angebotsalarm: ${ASSET.title}` });
  await expect(note).toBeVisible();
  await expect(note).toContainText('Verkaufsangebot über 1 Anteil zu');
  await note.click();
  await page.getByRole('link', { name: 'Zum Handel' }).click();
  await expect(page).toHaveURL(new RegExp(`/${family}/trading/${ASSET.id}`));
  await demoDeleteOffer(anna, offerId);
  await phone.close();
});
