import { expect, test } from '@playwright/test';
import { logIn, newestMail, openMailbox, openSettings } from './auth-support.js';
import { SETTINGS_SIZES, settingsShot } from './settings-screenshots.js';
import { familyOf, isMobile, screenUrl } from './shell-support.js';
import {
  approveInSecurityApp,
  continuePastAppropriateness,
  csrfHeaders,
  PASSWORD,
  readyInvestor,
  verifiedInvestor,
} from './trading-support.js';

/**
 * Issue 20, "must show": a new user enters a German tax ID in the settings (a wrong one shows
 * 'Ungültig') and can then buy a German product; the account deletion goes request → e-mail →
 * confirmation → the job deletes the account. Screenshots of the settings at 390x844 and 1280x800.
 */

const KREUZBERG = { id: 'berlin-kreuzberg-studio', title: 'Studios Kreuzberg' };
test('a new user enters a German tax ID in the settings (a wrong one is "Ungültig") and then buys a German product', async ({
  page,
  browser,
  baseURL,
}, testInfo) => {
  test.setTimeout(150_000);
  const { family, phone } = await readyInvestor({ page, browser, baseURL }, testInfo, {
    label: 'lena.steuer',
    payInCents: 100_000,
  });
  const asset = isMobile(family) ? `/${family}/asset/${KREUZBERG.id}` : `/${family}/asset/${KREUZBERG.id}/details`;

  // Without a German tax ID the purchase is refused, with the way to the settings.
  await page.goto(`/${family}/trading/${KREUZBERG.id}`);
  await page.getByLabel('Anzahl Anteile').fill('2');
  for (const box of await page.getByRole('checkbox', { name: /gelesen und akzeptiere/ }).all()) await box.check();
  await page.getByRole('button', { name: 'Kostenpflichtig kaufen' }).click();
  await continuePastAppropriateness(page);
  const refusal = page.getByRole('alert').filter({ hasText: 'deutsche Steuer-ID' });
  await expect(refusal).toBeVisible();
  await refusal.getByRole('link', { name: 'Zu den Einstellungen' }).click();
  await expect(page).toHaveURL(screenUrl(family, 'settings'));
  await settingsShot(page, testInfo, 'overview');

  // The German tax ID modal: a wrong check digit shows 'Ungültig', the right one is saved.
  await page.getByTestId('tax-id-edit-DE').click();
  const modal = page.getByRole('dialog', { name: 'Deutsche Steuer-ID' });
  await expect(modal).toBeVisible();
  await modal.getByLabel('Steuer-Identifikationsnummer').fill('86095742718');
  await modal.getByRole('button', { name: 'Speichern' }).click();
  await expect(modal.getByText('Ungültig')).toBeVisible();
  await settingsShot(page, testInfo, 'german-tax-id', { dialog: true });
  await modal.getByLabel('Steuer-Identifikationsnummer').fill('86095742719');
  await modal.getByRole('button', { name: 'Speichern' }).click();
  await expect(modal).toHaveCount(0);
  await expect(page.getByTestId('tax-id-DE')).toHaveText('86095742719');

  // The church-tax answer, which the German product needs as well.
  const church = page.getByTestId('church-tax-form');
  await church.getByLabel('Nein').check();
  await church.getByRole('button', { name: 'Speichern' }).click();
  await expect(church.getByText('Gespeichert.')).toBeVisible();

  // Now the purchase goes through.
  await page.goto(asset);
  await page.goto(`/${family}/trading/${KREUZBERG.id}`);
  await page.getByLabel('Anzahl Anteile').fill('2');
  for (const box of await page.getByRole('checkbox', { name: /gelesen und akzeptiere/ }).all()) await box.check();
  await page.getByRole('button', { name: 'Kostenpflichtig kaufen' }).click();
  await continuePastAppropriateness(page);
  await approveInSecurityApp(phone.securityApp, KREUZBERG.title);
  await expect(page.getByTestId('purchase-success').getByRole('heading', { name: 'Geschafft!' })).toBeVisible();
  await phone.close();
});

test('account deletion: request, e-mail, confirmation link, then the job deletes the account', async ({
  page,
}, testInfo) => {
  test.setTimeout(90_000);
  const family = familyOf(testInfo);
  const { email } = await verifiedInvestor(page, testInfo, family, 'lena.loeschen');
  await page.goto(`/${family}/marketplace`);
  await openSettings(page, family);

  // The other settings are real screens: newsletter and analytics saved on change.
  await page.getByTestId('analytics-toggle').click();
  await expect(page.getByTestId('analytics-toggle')).toBeChecked();
  await page.reload();
  await expect(page.getByTestId('analytics-toggle')).toBeChecked();
  await expect(page.getByTestId('documents-settings')).toContainText('Noch keine Dokumente');

  // The phone's screenshots show one settings card each (the desktop's overview shows the whole page).
  if (testInfo.project.name === 'mobileWeb')
    for (const card of ['tax', 'documents', 'bank', 'ssn', 'advisor', 'consent', 'security-app']) {
      await page.getByTestId(`${card}-settings`).scrollIntoViewIfNeeded();
      await settingsShot(page, testInfo, `card-${card}`, { dialog: true });
    }

  const deletion = page.getByTestId('deletion-settings');
  await deletion.getByTestId('deletion-request').click();
  await deletion.getByTestId('deletion-confirm').click();
  await expect(deletion.getByTestId('deletion-status')).toContainText('Wir haben dir eine E-Mail geschickt');
  await deletion.scrollIntoViewIfNeeded();
  await settingsShot(page, testInfo, 'deletion', { dialog: testInfo.project.name === 'mobileWeb' });

  const mailbox = await openMailbox(page, email);
  const mail = await newestMail(mailbox, /Löschung deines Kontos/, 1);
  const link =
    (await mail.getByTestId('mail-link').filter({ hasText: 'confirmDeletion' }).first().getAttribute('href')) ?? '';
  const token = new URL(link).searchParams.get('token') ?? '';
  expect(token).not.toBe('');
  await mailbox.close();

  await page.goto(`/${family}/settings?option=confirmDeletion&token=${token}`);
  await expect(page.getByTestId('deletion-status')).toContainText('Die Löschung ist bestätigt');

  // Four days later the hourly job deletes the account (the development module skips the wait):
  // the session is gone, the e-mail says so, and the old login no longer works.
  const executed = await page.request.post('/api/v1/dev/users/deletion/executeNow', {
    headers: await csrfHeaders(page),
    data: { email },
  });
  expect(executed.status(), await executed.text()).toBe(200);
  expect(((await executed.json()) as { data: { status: string } }).data.status).toBe('completed');
  expect((await page.request.get('/api/v1/user')).status()).toBe(401);
  const inbox = await openMailbox(page, email);
  await newestMail(inbox, /Dein Konto wurde gelöscht/, 1);
  await inbox.close();
  await logIn(page, family, email, PASSWORD);
  await expect(page.getByRole('alert')).toBeVisible();
  await expect(page).toHaveURL(screenUrl(family, 'login'));
});

test('the imprint comes from the partner configuration; desktop continues on the phone by QR code', async ({
  page,
}, testInfo) => {
  const family = familyOf(testInfo);
  await page.goto(`/${family}/marketplace`);
  await page.goto(`/${family}/imprint-details`);
  await expect(page.getByTestId('imprint').getByRole('heading', { level: 2 })).toBeVisible();
  await settingsShot(page, testInfo, 'imprint');
  if (family === 'desktopWeb') {
    await page.goto('/desktopWeb/continue-on-mobile?target=/desktopWeb/asset/berlin-kreuzberg-studio/details');
    await expect(page.getByTestId('qr-code')).toBeVisible();
    await expect(page.getByTestId('continue-link')).toContainText('/mobileWeb/asset/berlin-kreuzberg-studio/details');
    await settingsShot(page, testInfo, 'continue-on-mobile');
  } else if (family === 'mobileWeb') {
    // Inside the native shell there is nothing to continue in: only the phone's browser offers it.
    await page.goto('/mobileWeb/continue-on-native');
    await expect(page.getByRole('link', { name: 'Im Browser weitermachen' })).toBeVisible();
    await settingsShot(page, testInfo, 'continue-on-native');
  }
});

test('a guest opens a shared asset link in a fresh browser and sees the asset, also after a reload', async ({
  browser,
  baseURL,
}, testInfo) => {
  const family = familyOf(testInfo);
  const phone = family !== 'desktopWeb';
  const context = await browser.newContext({
    baseURL,
    viewport: phone ? SETTINGS_SIZES.phone : SETTINGS_SIZES.desktop,
    ...(phone ? { isMobile: true, hasTouch: true } : {}),
  });
  const guest = await context.newPage();
  const share = await guest.request.post(`/api/v1/assets/${KREUZBERG.id}/shareLink`);
  expect(share.status()).toBe(200);
  const { shortUrl, targetUrl } = ((await share.json()) as { data: { shortUrl: string; targetUrl: string } }).data;
  // The partner's public address, never the seed's localhost:3000.
  expect(targetUrl).toBe(`${baseURL}/asset/${KREUZBERG.id}`);
  await guest.goto(shortUrl);
  await expect(guest.getByRole('heading', { name: KREUZBERG.title, level: 1 })).toBeVisible();
  await expect(guest).toHaveURL(new RegExp(`/asset/${KREUZBERG.id}`));
  await guest.reload();
  await expect(guest.getByRole('heading', { name: KREUZBERG.title, level: 1 })).toBeVisible();
  await expect(guest).not.toHaveURL(/login|introSlides|selectPartner/);
  await context.close();
});
