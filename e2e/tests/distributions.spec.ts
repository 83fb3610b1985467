import { expect, type Page, test } from '@playwright/test';
import { extractText, getDocumentProxy } from 'unpdf';
import { logIn } from './auth-support.js';
import { staffLogin } from './backoffice-support.js';
import { DEMO_PASSWORD, eur } from './bulletin-board-support.js';
import { familyOf, finishFirstOpen } from './shell-support.js';

/**
 * Issue 22, "must show": the operator records rent in the back office (with its evidence) and runs
 * the distribution; the investor sees the payment with its tax line on the investment and downloads
 * the annual tax statement, whose totals a PDF parser reads back. The back office is a desktop
 * tool: this runs in the desktopWeb project.
 *
 * Ben (demo investor) holds 15 of the 8,000 shares of "Dach-PV Messe Wels" (Austrian issuer,
 * participation right): 16,000.00 € income → 30.00 € gross, 8.25 € KESt (27.5 %), 21.75 € net.
 */
/** Screenshots into docs/screenshots/distributions/ (UPDATE_SCREENSHOTS=1). */
const snapshot = async (page: Page, name: string) => {
  if (process.env.UPDATE_SCREENSHOTS !== '1') return;
  const size = page.viewportSize();
  await page.screenshot({
    animations: 'disabled',
    path: `${import.meta.dirname}/../../docs/screenshots/distributions/${name}-${size?.width}x${size?.height}.png`,
  });
};

const ASSET = { id: 'pv-wels-dach', title: 'Dach-PV Messe Wels' } as const;
const SAMPLE_PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj 2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);

test('the operator distributes rent; the investor sees the tax line and downloads a statement whose totals parse', async ({
  page,
  browser,
  baseURL,
  request,
}, testInfo) => {
  test.skip(familyOf(testInfo) !== 'desktopWeb', 'the back office is a desktop application');
  test.setTimeout(180_000);
  if (!baseURL) throw new Error('baseURL missing');

  // Otto (operator) records the income of this month with its evidence …
  const office = await staffLogin(browser, baseURL, 'operator');
  await office.goto('/backoffice/ausschuettungen');
  await office.getByLabel('Objekt').selectOption(ASSET.id);
  const income = office.getByRole('form', { name: 'Einnahme erfassen' });
  await income.getByLabel('Betrag (€)').fill('16.000,00');
  await income.getByLabel('Notiz').fill('Stromerlös laut Abrechnung');
  await income.getByRole('button', { name: 'Einnahme buchen' }).click();
  await expect(office.getByRole('table', { name: 'Einnahmen' })).toContainText('16.000,00 €');
  await office.getByTestId('income-document-upload').first().setInputFiles({
    name: 'abrechnung.pdf',
    mimeType: 'application/pdf',
    buffer: SAMPLE_PDF,
  });
  await expect(office.getByRole('link', { name: 'abrechnung.pdf' })).toBeVisible();
  // Recorded income waits for the money: the provider confirms the grid operator's transfer (the
  // sandbox's signed income.received webhook, issue 34), then it is payable.
  await expect(office.getByRole('table', { name: 'Einnahmen' })).toContainText('Zahlungseingang ausstehend');
  const view = await office.request.get(`/admin/api/v1/assets/${ASSET.id}/distributions`);
  const { incomes } = ((await view.json()) as { data: { incomes: { id: string; status: string; amount: string }[] } })
    .data;
  const expected = incomes.find((entry) => entry.status === 'expected' && entry.amount === '1600000');
  expect(expected, JSON.stringify(incomes)).toBeDefined();
  const transfer = await request.post('/api/v1/dev/psp/income', { data: { incomeId: expected?.id } });
  expect(transfer.status(), await transfer.text()).toBe(200);
  expect((await request.post('/api/v1/dev/psp/deliver')).status()).toBe(200);
  await office.reload();
  await expect(office.getByRole('table', { name: 'Einnahmen' })).not.toContainText('Zahlungseingang ausstehend');

  // … and proposes the run of the asset's running period (the default); he cannot approve it himself.
  const propose = office.getByRole('form', { name: 'Ausschüttung vorschlagen' });
  await propose.getByRole('button', { name: 'Zur Freigabe vorlegen' }).click();
  await expect(office.getByTestId('proposal-result')).toContainText('Eine zweite Person gibt die Ausschüttung frei');
  const proposals = office.getByRole('table', { name: 'Vorschläge zur Freigabe' });
  await expect(proposals).toContainText('Freigabe durch eine zweite Person');
  await expect(proposals.getByRole('button', { name: 'Freigeben und auszahlen' })).toHaveCount(0);
  await office.context().close();

  // Clara (compliance) is the second pair of eyes: her approval pays, once.
  const second = await staffLogin(browser, baseURL, 'compliance');
  await second.goto(`/backoffice/ausschuettungen?objekt=${ASSET.id}`);
  await second.getByRole('button', { name: 'Freigeben und auszahlen' }).first().click();
  await expect(second.getByRole('table', { name: 'Vorschläge zur Freigabe' })).toContainText('freigegeben, ausbezahlt');
  await expect(second.getByRole('table', { name: 'Ausschüttungsläufe' })).toContainText('16.000,00 €');
  await snapshot(second, 'backoffice');
  await second.context().close();

  // Ben sees the payment with its KESt on his investment …
  await logIn(page, 'desktopWeb', 'ben.huber@demo.brickwise.at', DEMO_PASSWORD);
  await expect(page).toHaveURL(/\/desktopWeb\/marketplace/);
  await page.goto(`/desktopWeb/investment/${ASSET.id}`);
  const row = page.getByTestId('distribution-row').first();
  await expect(row).toBeVisible();
  await expect(row.getByTestId('distribution-net')).toHaveText(`+ ${eur(2175n)}`);
  await expect(row.getByTestId('distribution-tax')).toContainText(`KESt − ${eur(825n)}`);
  await expect(row).toContainText(`Brutto ${eur(3000n)}`);
  await expect(page.getByTestId('detail-rent')).toHaveText(eur(2175n));
  await snapshot(page, 'investment-distributions');

  // … and downloads the tax statement of the year from his investments.
  await page.goto('/desktopWeb/investments');
  const year = new Date().getFullYear();
  const link = page.getByTestId('tax-statement-link').filter({ hasText: String(year) });
  const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
  await snapshot(page, 'tax-statements');
  const path = await download.path();
  const { readFile } = await import('node:fs/promises');
  const bytes = new Uint8Array(await readFile(path));
  const { text } = await extractText(await getDocumentProxy(bytes), { mergePages: true });
  expect(text).toContain(`Steuerbescheinigung ${year}`);
  expect(text).toContain(ASSET.title);
  expect(text).toContain(`Summe Bruttoerträge ${eur(3000n)}`);
  expect(text).toContain(`Summe KESt (27,5 %) ${eur(825n)}`);
  expect(text).toContain(`Summe ausbezahlt (netto) ${eur(2175n)}`);

  // On the phone (mobileWeb) the same payment shows with its tax line.
  const phone = await browser.newContext({ baseURL, viewport: { width: 390, height: 844 }, locale: 'de-AT' });
  const mobile = await phone.newPage();
  await finishFirstOpen(mobile, 'mobileWeb');
  await logIn(mobile, 'mobileWeb', 'ben.huber@demo.brickwise.at', DEMO_PASSWORD);
  await expect(mobile).toHaveURL(/\/mobileWeb\/marketplace/);
  await mobile.goto(`/mobileWeb/investment/${ASSET.id}`);
  await expect(mobile.getByTestId('distribution-tax').first()).toContainText(`KESt − ${eur(825n)}`);
  await mobile.waitForLoadState('networkidle');
  await mobile.getByTestId('asset-distributions').scrollIntoViewIfNeeded();
  await expect(mobile.getByTestId('distribution-row').first()).toBeVisible();
  await snapshot(mobile, 'investment-distributions');
  await mobile.goto('/mobileWeb/investments');
  await expect(mobile.getByTestId('tax-statement-link')).toBeVisible();
  await mobile.waitForLoadState('networkidle');
  await mobile.getByTestId('tax-statements').scrollIntoViewIfNeeded();
  await expect(mobile.getByTestId('tax-statement-link')).toBeVisible();
  await snapshot(mobile, 'tax-statements');
  await phone.close();
});
