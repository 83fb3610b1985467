import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type APIRequestContext, type BrowserContext, expect, type Page, test } from '@playwright/test';

/**
 * Issue 8: two devices. The main app (a phone-width browser: the security-app screens belong to
 * the phone families, spec section 2) and the reference security app in its own browser context,
 * as on a second phone. Then a private key held by the command-line signer.
 */

const SIGNER = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../scripts/private-signer.mjs');
const PASSWORD = 'Ziegelstein-Anteil-2026';
const PHONE = { width: 390, height: 844 };
const MAIL_POLL_MS = 250;

/** A verified account with a password, logged in inside `context` through the real calls. */
const registerUser = async (request: APIRequestContext, email: string): Promise<string> => {
  expect((await request.post('/auth/register', { data: { email } })).ok()).toBe(true);
  let token = '';
  await expect(async () => {
    const mailbox = await request.get('/api/v1/dev/mailbox', { params: { recipient: email, channel: 'email' } });
    const [mail] = (await mailbox.json()).data as { bodyText: string }[];
    token = mail?.bodyText.match(/\/verify\/([A-Za-z0-9_-]+)/)?.[1] ?? '';
    expect(token).not.toBe('');
  }).toPass({ intervals: [MAIL_POLL_MS] });
  const verified = await request.post('/auth/verify-email', { data: { token } });
  const csrfToken = (await verified.json()).data.csrfToken as string;
  const headers = { 'x-csrf-token': csrfToken };
  expect((await request.put('/api/v2/user', { headers, data: { firstName: 'Erika', lastName: 'Muster' } })).ok()).toBe(
    true,
  );
  expect((await request.patch('/auth/set-password', { headers, data: { passwordNew: PASSWORD } })).ok()).toBe(true);
  return csrfToken;
};

const createTestRequest = async (context: BrowserContext, csrfToken: string, amountCents: string) => {
  const res = await context.request.post('/api/v1/dev/securityApp/signingRequests', {
    headers: { 'x-csrf-token': csrfToken },
    data: { details: { assetName: 'Wohnhaus Graz', sharesCount: '2', amountCents, feeCents: '0' } },
  });
  expect(res.ok()).toBe(true);
  return (await res.json()).data.id as string;
};

/**
 * The phone family's first open (spec section 4). The user registered through the API, so the
 * context holds a session: logging in or registering counts as having watched the intro (issue
 * 34), and the start goes straight to the marketplace. Without a session it asks for the partner
 * and shows the intro slides first.
 */
const finishFirstOpen = async (page: Page) => {
  await page.goto('/');
  const partner = page.getByTestId('partner-demo');
  const marketplace = page.getByRole('heading', { name: 'Marktplatz', level: 1 });
  await expect(partner.or(marketplace)).toBeVisible();
  if (await marketplace.isVisible()) return;
  await partner.click();
  const skip = page.getByRole('button', { name: 'Überspringen' });
  await skip.click({ timeout: 5_000 }).catch(() => undefined);
};

const requestStatus = (page: Page, id: string) =>
  page.locator(`[data-request-id="${id}"]`).getByTestId('signing-request-status');

test('link the security app, sign and reject, unlink with the recovery file, sign with a private key', async ({
  browser,
  baseURL,
}, testInfo) => {
  test.skip(testInfo.project.name !== 'desktopWeb', 'one run is enough: both contexts are explicit');
  test.setTimeout(120_000);
  const email = `security.${testInfo.project.name.toLowerCase()}.${Date.now()}@example.at`;
  const main = await browser.newContext({ baseURL, viewport: PHONE });
  const phone = await browser.newContext({ baseURL, viewport: PHONE, acceptDownloads: true });
  const csrfToken = await registerUser(main.request, email);

  // Link: the web app shows a pairing code, the security app enters it and registers its key.
  const app = await main.newPage();
  await finishFirstOpen(app);
  await app.goto('/mobileWeb/security-app-integration');
  await expect(app.getByTestId('security-app-status')).toHaveText('Nicht verbunden');
  await expect(
    app.getByText('Es ist noch keine Sicherheits-App verbunden. Sie wird zum Fortfahren benötigt.'),
  ).toBeVisible();
  await app.getByRole('button', { name: 'Kopplungscode anzeigen' }).click();
  const pairingCode = (await app.getByTestId('pairing-code').textContent()) ?? '';
  expect(pairingCode).toMatch(/^[A-Z2-9]{4}-[A-Z2-9]{4}$/);

  const securityApp = await phone.newPage();
  await securityApp.goto('/security-app/');
  await securityApp.getByLabel('Kopplungscode').fill(pairingCode);
  await securityApp.getByRole('button', { name: 'Koppeln' }).click();
  const [download] = await Promise.all([
    securityApp.waitForEvent('download'),
    securityApp.getByRole('button', { name: 'Wiederherstellungsdatei herunterladen' }).click(),
  ]);
  const recoveryPath = testInfo.outputPath('security-app-wiederherstellung.json');
  await download.saveAs(recoveryPath);
  await securityApp.getByRole('button', { name: 'Weiter' }).click();
  await expect(securityApp.getByText('Keine offenen Anfragen.')).toBeVisible();
  // The main app learns the link in real time.
  await expect(app.getByTestId('security-app-status')).toHaveText('Verbunden');

  // Sign: the request shows its details on the phone; the main app continues when it is signed.
  const signedId = await createTestRequest(main, csrfToken, '25000');
  await expect(requestStatus(app, signedId)).toHaveText('Wartet auf Bestätigung in der Sicherheits-App');
  const card = securityApp.getByTestId('signing-request');
  await expect(card).toContainText('Wohnhaus Graz');
  await expect(card).toContainText('250,00 €');
  await card.getByRole('button', { name: 'Bestätigen' }).click();
  await expect(requestStatus(app, signedId)).toHaveText('Bestätigt');

  // Reject: the flow stops.
  const rejectedId = await createTestRequest(main, csrfToken, '9900');
  await expect(securityApp.getByTestId('signing-request')).toContainText('99,00 €');
  await securityApp.getByTestId('signing-request').getByRole('button', { name: 'Ablehnen' }).click();
  await expect(requestStatus(app, rejectedId)).toHaveText('Abgelehnt');
  await expect(securityApp.getByText('Keine offenen Anfragen.')).toBeVisible();

  // Unlink with the recovery file the app exported at linking.
  await app.getByLabel('Wiederherstellungsdatei').setInputFiles(recoveryPath);
  await expect(app.getByTestId('security-app-status')).toHaveText('Nicht verbunden');
  await expect(securityApp.getByText('Diese Sicherheits-App ist nicht mehr verbunden.')).toBeVisible();

  // A private key: the command-line signer makes it, the web app registers it, the signer signs.
  const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'private-signer-'));
  const signer = (...args: string[]) =>
    execFileSync(process.execPath, [SIGNER, ...args], {
      cwd: workDir,
      env: { ...process.env, API_URL: baseURL ?? '' },
      encoding: 'utf8',
    });
  const publicKey = signer('keygen').trim();
  await app.goto('/mobileWeb/private-security-app');
  await app.getByLabel('Öffentlicher Schlüssel').fill('not a key');
  await app.getByRole('button', { name: 'Private Sicherheits-App verbinden' }).click();
  await expect(app.getByRole('alert')).toHaveText(
    'Die Verbindung mit der Sicherheits-App ist fehlgeschlagen. Bitte prüfe den öffentlichen Schlüssel.',
  );
  await app.getByLabel('Öffentlicher Schlüssel').fill(publicKey);
  await app.getByRole('button', { name: 'Private Sicherheits-App verbinden' }).click();
  await expect(app.getByTestId('private-app-linked')).toBeVisible();

  const privateId = await createTestRequest(main, csrfToken, '12345');
  await expect(requestStatus(app, privateId)).toHaveText('Wartet auf Bestätigung in der Sicherheits-App');
  signer('login', '--email', email, '--password', PASSWORD);
  expect(signer('list')).toContain(privateId);
  expect(signer('show', '--id', privateId)).toContain('"amountCents":"12345"');
  expect(signer('sign', '--id', privateId)).toContain(`request ${privateId}: signed`);
  await expect(requestStatus(app, privateId)).toHaveText('Bestätigt');

  fs.rmSync(workDir, { recursive: true, force: true });
  await main.close();
  await phone.close();
});
