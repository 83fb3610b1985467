import fs from 'node:fs';
import { expect, test } from '@playwright/test';
import { backofficeShot, staffLogin } from './backoffice-support.js';
import { approveInSecurityApp, assetUrl, csrfHeaders, readyInvestor, tradingSnapshot } from './trading-support.js';

/**
 * Issue 39, "must show": an investor buys, the day's root is published (the nightly job, run here),
 * the investor downloads their register proof from "Mein Investment" and the open verifier page
 * (no server call) says it is valid; a tampered proof is refused with a German explanation.
 */
const LOFT = { id: 'salzburg-altstadt-loft', title: 'Loft in der Altstadt' };

test('an investor’s register proof verifies in the browser, a tampered one is refused in German', async ({
  page,
  browser,
  baseURL,
}, testInfo) => {
  test.setTimeout(150_000);
  const { family, phone } = await readyInvestor({ page, browser, baseURL }, testInfo, {
    label: 'rita.register',
    payInCents: 100_000,
  });

  await page.goto(assetUrl(family, LOFT.id));
  await page.getByRole('button', { name: 'Jetzt investieren' }).click();
  await page.getByLabel('Anzahl Anteile').fill('2');
  for (const box of await page.getByRole('checkbox', { name: /gelesen und akzeptiere/ }).all()) await box.check();
  await page.getByRole('button', { name: 'Kostenpflichtig kaufen' }).click();
  await page
    .getByRole('dialog', { name: 'Hinweis zur Angemessenheit' })
    .getByRole('button', { name: 'Kauf fortsetzen' })
    .click();
  await approveInSecurityApp(phone.securityApp, LOFT.title);
  await expect(page.getByTestId('purchase-success')).toBeVisible();

  // The nightly job, run now.
  const published = await page.request.post('/api/v1/dev/register/publishRoots', {
    headers: await csrfHeaders(page),
  });
  expect(published.status()).toBe(200);

  await page.goto(`/${family}/investment/${LOFT.id}`);
  const section = page.getByTestId('register-proof');
  await section.scrollIntoViewIfNeeded();
  await expect(section.getByRole('heading', { name: 'Registernachweis' })).toBeVisible();
  await tradingSnapshot(page, testInfo, 'investment-register-proof');
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    section.getByRole('button', { name: 'Nachweis herunterladen' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe(`registernachweis-${LOFT.id}.json`);
  const file = testInfo.outputPath('registernachweis.json');
  await download.saveAs(file);
  const proof = JSON.parse(fs.readFileSync(file, 'utf8'));
  expect(proof.format).toBe('brickwise.register.proof');

  // The open verifier: the page itself forbids every connection.
  const requests: string[] = [];
  page.on('request', (request) => requests.push(request.url()));
  await page.goto('/share-register/verify');
  requests.length = 0;
  await page.getByTestId('register-verify-proof').setInputFiles(file);
  await page.getByTestId('register-verify-submit').click();
  const result = page.getByTestId('register-verify-result');
  await expect(result).toHaveAttribute('data-valid', 'true');
  await expect(page.getByTestId('register-verify-shares')).toContainText('2');
  await tradingSnapshot(page, testInfo, 'register-verify-valid');

  // Two more shares than bought: the entry no longer hashes into the published root.
  const last = proof.entries.at(-1);
  last.entry.shares = String(Number(last.entry.shares) + 2);
  const tampered = testInfo.outputPath('registernachweis-verändert.json');
  fs.writeFileSync(tampered, JSON.stringify(proof, null, 2));
  await page.getByTestId('register-verify-proof').setInputFiles(tampered);
  await page.getByTestId('register-verify-submit').click();
  await expect(result).toHaveAttribute('data-valid', 'false');
  await expect(page.getByTestId('register-verify-failures')).toContainText(
    'Der Nachweis passt nicht zur veröffentlichten Wurzel',
  );
  await tradingSnapshot(page, testInfo, 'register-verify-tampered');
  expect(requests).toEqual([]);

  // The public roots page lists the asset's root; the back office shows the register beside the ledger.
  await page.goto('/share-register/roots');
  await expect(page.getByTestId('register-root-row').filter({ hasText: LOFT.title })).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('register-roots.png'), fullPage: true });
  await phone.close();
  if (family !== 'desktopWeb') return;
  const staff = await staffLogin(browser, baseURL ?? '', 'compliance');
  await staff.goto(`/backoffice/anteilsregister?objekt=${LOFT.id}`);
  await expect(staff.getByText('Register = Hauptbuch')).toBeVisible();
  // This family's investor: the other families' runs bought the same asset on the same server.
  const holder = staff.getByRole('row').filter({ hasText: `rita.register.${family.toLowerCase()}.` });
  await expect(holder).toContainText('gleich');
  await staff.screenshot({ path: testInfo.outputPath('backoffice-register.png'), fullPage: true });
  await backofficeShot(staff, 'share-register');
  await staff.context().close();
});
