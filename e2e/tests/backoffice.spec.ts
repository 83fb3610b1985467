import { expect, type Page, test } from '@playwright/test';
import { openWallet, registerAndLogIn } from './account-support.js';
import { uniqueEmail } from './auth-support.js';
import { backofficeShot, SAMPLE_PNG, staffLogin } from './backoffice-support.js';
import { familyOf, finishFirstOpen } from './shell-support.js';
import { approveInSecurityApp, csrfHeaders, linkSecurityApp, payIn, readyInvestor } from './trading-support.js';

/**
 * Issue 21, "must show": a compliance officer logs in with the second factor and creates an asset
 * from a template, a second officer approves and publishes it (four eyes), it appears on the
 * investors' marketplace, an investor buys it, and the officer sees the purchase in the investor
 * view; a flagged identification approved in the review queue unlocks buying. The back office is a
 * desktop tool: these run in the desktopWeb project.
 */

const buyShares = async (page: Page, assetId: string, title: string, shares: number, securityApp: Page) => {
  await page.goto(`/desktopWeb/trading/${assetId}`);
  await expect(page.getByRole('heading', { name: title, level: 1 })).toBeVisible();
  await page.getByLabel('Anzahl Anteile').fill(String(shares));
  const boxes = page.getByRole('checkbox', { name: /gelesen und akzeptiere/ });
  for (const box of await boxes.all()) await box.check();
  await page.getByRole('button', { name: 'Kostenpflichtig kaufen' }).click();
  const appropriateness = page.getByRole('dialog', { name: 'Hinweis zur Angemessenheit' });
  await appropriateness.getByRole('button', { name: 'Kauf fortsetzen' }).click();
  await expect(page.getByRole('heading', { name: 'Jetzt in der Sicherheits-App bestätigen' })).toBeVisible();
  await approveInSecurityApp(securityApp, title);
  await expect(page.getByTestId('purchase-success').getByRole('heading', { name: 'Geschafft!' })).toBeVisible();
};

test('an asset made from a template, approved by a second officer, is bought by an investor and seen in the investor view', async ({
  page,
  browser,
  baseURL,
}, testInfo) => {
  test.skip(familyOf(testInfo) !== 'desktopWeb', 'the back office is a desktop application');
  test.setTimeout(240_000);
  const assetId = `pv-backoffice-${Date.now()}`;
  const title = `Sonnendach Back Office ${Date.now() % 100_000}`;

  // Clara (compliance) logs in with password and TOTP and creates the asset from the PV template.
  const clara = await staffLogin(browser, baseURL ?? '', 'compliance');
  // The back office opens on its dashboard; assets are one link away.
  await clara.getByRole('link', { name: 'Objekte', exact: true }).click();
  await backofficeShot(clara, 'assets');
  await clara.getByRole('link', { name: 'Neues Objekt' }).click();
  await backofficeShot(clara, 'templates-choice');
  await clara.getByRole('button', { name: /Photovoltaik-Dachanlage/ }).click();
  await clara.getByLabel('Objekt-ID (Adresse im Marktplatz)').fill(assetId);
  await clara.getByLabel('Titel', { exact: true }).fill(title);
  await clara.getByLabel('Untertitel').fill('PV-Dachanlage, 240 kWp');
  await clara.getByLabel('Straße').first().fill('Industriestraße');
  await clara.getByLabel('Hausnummer').fill('7');
  await clara.getByLabel('PLZ').first().fill('4020');
  await clara.getByLabel('Ort', { exact: true }).first().fill('Linz');
  await clara.getByLabel('Bundesland / Region').fill('Oberösterreich');
  await clara.getByLabel('Breitengrad').fill('48.3');
  await clara.getByLabel('Längengrad').fill('14.29');
  await clara.getByLabel('Preis je Anteil (€)').fill('100,00');
  await clara.getByLabel('Anteile gesamt').fill('2400');
  await clara.getByLabel('Finanzierungslimit (€)').fill('240000,00');
  await clara.getByLabel('Finanzierungsschwelle (€)').fill('120000,00');
  await clara.getByLabel('Marktkapitalisierung (€)').fill('240000,00');
  await clara.getByLabel('Gesamtvolumen (€)').fill('240000,00');
  await clara.getByLabel('Seriennummer').fill(`BW-E2E-${Date.now()}`);
  await clara.getByLabel('Leistung (kWp)').fill('240');
  await clara.getByLabel('Jahresproduktion (kWh)').fill('250000');
  await clara.getByRole('button', { name: 'Objekt anlegen' }).click();
  await expect(clara.getByRole('heading', { name: title, level: 1 })).toBeVisible();
  await clara
    .getByTestId('image-upload')
    .setInputFiles({ name: 'dach.png', mimeType: 'image/png', buffer: SAMPLE_PNG });
  await expect(clara.getByRole('heading', { name: 'Bilder (1)' })).toBeVisible();
  await clara.getByRole('button', { name: 'Zur Prüfung einreichen' }).click();
  await expect(clara.getByText('In Prüfung', { exact: true })).toBeVisible();
  // Four eyes: the officer who submitted cannot approve.
  await clara.getByRole('button', { name: 'Freigeben', exact: true }).click();
  await expect(clara.getByRole('alert')).toContainText('Vier-Augen-Prinzip');
  await backofficeShot(clara, 'asset-review');

  // Otto (operator) approves and publishes.
  const otto = await staffLogin(browser, baseURL ?? '', 'operator');
  await otto.goto(`/backoffice/objekte/${assetId}`);
  await otto.getByRole('button', { name: 'Freigeben', exact: true }).click();
  await expect(otto.getByText('Freigegeben', { exact: true })).toBeVisible();
  await otto.getByRole('button', { name: 'Veröffentlichen', exact: true }).click();
  await expect(otto.getByText('Finanzierungsphase', { exact: true })).toBeVisible();

  // The investors' marketplace lists it at once; an investor buys 3 shares.
  const { phone } = await readyInvestor({ page, browser, baseURL }, testInfo, {
    label: 'bo.kauf',
    payInCents: 100_000,
  });
  await page.goto('/desktopWeb/marketplace');
  await expect(page.getByText(title).first()).toBeVisible();
  await buyShares(page, assetId, title, 3, phone.securityApp);
  await phone.close();
  const investorEmail = ((await (await page.request.get('/api/v1/user')).json()) as { data: { email: string } }).data
    .email;

  // Clara finds the investor and sees the purchase.
  await clara.getByRole('link', { name: 'Investoren' }).click();
  await clara.getByLabel('Suche').fill(investorEmail);
  await clara.getByTestId('table-row').filter({ hasText: investorEmail }).click();
  const purchase = clara.getByRole('table', { name: 'Käufe' }).getByTestId('table-row').filter({ hasText: title });
  await expect(purchase).toContainText('Abgeschlossen');
  await expect(purchase).toContainText('300,00 €');
  await expect(clara.getByTestId('holding').filter({ hasText: title })).toContainText('3 Anteile');

  // Clara writes the investor a message (notification type text): it is in the investor's inbox.
  const subject = `Willkommen bei ${title}`;
  await clara.getByLabel('Betreff').fill(subject);
  await clara.getByLabel('Nachricht', { exact: true }).fill('Danke für dein Investment. Bei Fragen sind wir da.');
  await clara.getByRole('button', { name: 'Nachricht senden' }).click();
  await expect(clara.getByText('Die Nachricht ist im Postfach des Investors.')).toBeVisible();
  await backofficeShot(clara, 'investor');
  await page.goto('/desktopWeb/inbox');
  await expect(page.getByText(subject)).toBeVisible();

  // Every step is in the audit log.
  await clara.getByRole('link', { name: 'Protokoll' }).click();
  await clara.getByLabel('Ziel-ID').fill(assetId);
  await clara.getByRole('button', { name: 'Suchen' }).click();
  const actions = clara.getByRole('table', { name: 'Protokolleinträge' });
  for (const action of [
    'Objekt angelegt',
    'Bild hinzugefügt',
    'Zur Prüfung eingereicht',
    'Freigegeben',
    'Veröffentlicht',
  ])
    await expect(actions.getByText(action, { exact: true })).toBeVisible();
  await clara.getByTestId('table-row').first().click();
  await backofficeShot(clara, 'audit');
  await clara.context().close();
  await otto.context().close();
});

test('a flagged identification approved in the review queue unlocks buying', async ({
  page,
  browser,
  baseURL,
}, testInfo) => {
  test.skip(familyOf(testInfo) !== 'desktopWeb', 'the back office is a desktop application');
  test.setTimeout(180_000);
  const email = uniqueEmail(testInfo, 'bo.kyc');
  await finishFirstOpen(page, 'desktopWeb');
  await registerAndLogIn(page, {
    email,
    firstName: 'Paula',
    lastName: 'Prüfling',
    password: 'Ziegelstein-Anteil-2026',
  });
  const headers = await csrfHeaders(page);
  const steps: [string, Record<string, unknown>, 'put' | 'post'][] = [
    [
      '/api/v2/user/personalInformation/address',
      { street: 'Mariahilfer Straße 12', postcode: '1060', city: 'Wien', domicile: 'AT' },
      'put',
    ],
    ['/api/v2/user/personalInformation/birthDate', { birthDate: '1985-07-04' }, 'put'],
    ['/api/v2/user/personalInformation/birthPlace', { birthCountry: 'AT', birthCity: 'Graz' }, 'put'],
    ['/api/v2/user/personalInformation/nationality', { nationality: 'AT' }, 'put'],
    ['/api/v1/user/complianceInformation', { PEP: false }, 'post'],
    ['/api/v2/user/personalInformation/socialSecurityNumber', { socialSecurityNumber: '1237010180' }, 'put'],
    ['/api/v2/user/phone', { phone: `0664${String(Date.now()).slice(-7)}` }, 'put'],
  ];
  for (const [url, data, method] of steps) {
    const response = await page.request[method](url, { headers, data });
    expect(response.status(), await response.text()).toBe(200);
  }
  // The sandbox flags document numbers with PENDING for a manual check.
  const A = '/api/v1/identification/docident';
  expect(
    (await page.request.post(A, { headers, data: { documentType: 'passport', documentNumber: 'PENDING77' } })).status(),
  ).toBe(200);
  for (const kind of ['document', 'selfie']) {
    const upload = await page.request.post(`${A}/verification?kind=${kind}`, {
      headers,
      multipart: { file: { name: `${kind}.png`, mimeType: 'image/png', buffer: SAMPLE_PNG } },
    });
    expect(upload.status(), await upload.text()).toBe(200);
  }
  await expect(async () => {
    const state = (await (await page.request.get('/api/v1/identification')).json()) as {
      data: { verificationStatus: string };
    };
    expect(state.data.verificationStatus).toBe('manualCheck');
  }).toPass({ timeout: 30_000 });
  // Not verified yet: no purchase.
  const refused = await page.request.post('/api/v1/assets/initInvestment/salzburg-altstadt-loft', {
    headers,
    data: { shares: 1 },
  });
  expect(((await refused.json()) as { error: { code: string } }).error.code).toBe('INVESTMENT_NOT_VERIFIED');

  // Clara approves the case in the queue, with a reason.
  const clara = await staffLogin(browser, baseURL ?? '', 'compliance');
  await clara.getByRole('link', { name: 'Identifizierungen' }).click();
  await clara.getByTestId('table-row').filter({ hasText: email }).click();
  await expect(clara.getByTestId('review-pane').getByRole('img', { name: 'Ausweis' })).toBeVisible();
  await clara.getByLabel('Begründung (sieht die Person)').fill('Ausweis und Selfie stimmen überein.');
  await backofficeShot(clara, 'identification-review');
  await clara.getByRole('button', { name: 'Freigeben', exact: true }).click();
  await expect(clara.getByRole('status').filter({ hasText: 'freigegeben' })).toBeVisible();
  await clara.context().close();

  // Now verified: money in, security app linked, and the purchase goes through.
  const status = (await (await page.request.get('/api/v1/user')).json()) as { data: { status: string } };
  expect(status.data.status).toBe('verified');
  const wallet = await openWallet(page, email);
  await payIn(page, wallet.IBAN, 50_000);
  const phone = await linkSecurityApp(browser, page, 'desktopWeb', baseURL ?? '');
  await buyShares(page, 'salzburg-altstadt-loft', 'Loft in der Altstadt', 1, phone.securityApp);
  await phone.close();
});
