import { devices, expect, test } from '@playwright/test';
import { registerAndLogIn } from './account-support.js';
import { logOut, openSettings, uniqueEmail } from './auth-support.js';
import { settingsShot } from './settings-screenshots.js';
import { familyOf, finishFirstOpen, screenUrl } from './shell-support.js';

/**
 * WebAuthn refuses an IP address as relying party id, so this spec talks to the server as `localhost`
 * (one of the server's trusted web origins, scripts/e2e-server.mjs).
 */
const BASE_URL = `http://localhost:${process.env.E2E_PORT ?? 3199}`;
test.use({ baseURL: BASE_URL });

/**
 * Biometric login on the web (issue 20, ADR 0029): a passkey made in Chromium's virtual platform
 * authenticator (DevTools protocol WebAuthn domain), then a login with it.
 */
test('a passkey created in settings logs the user in on desktop', async ({ page, browser }, testInfo) => {
  test.skip(familyOf(testInfo) !== 'desktopWeb', 'the desktop registers passkeys in settings');
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  const email = uniqueEmail(testInfo, 'passkey');
  await finishFirstOpen(page, 'desktopWeb');
  await registerAndLogIn(page, { email, firstName: 'Paula', lastName: 'Passkey', password: 'Ziegelstein-Anteil-2026' });
  await page.goto('/desktopWeb/marketplace');
  await openSettings(page, 'desktopWeb');
  const card = page.getByTestId('passkey-settings');
  await card.getByTestId('add-passkey').click();
  await expect(card.getByRole('status')).toHaveText('Der Passkey ist angelegt.');
  await expect(card.getByTestId('passkey')).toHaveCount(1);
  const { credentials } = await cdp.send('WebAuthn.getCredentials', { authenticatorId });
  expect(credentials).toHaveLength(1);
  // The card at both sizes: the desktop's settings, and the phone's in a phone browser with the
  // same session (the mobile web family's page).
  await card.scrollIntoViewIfNeeded();
  await settingsShot(page, testInfo, 'passkeys', { dialog: true, size: 'desktop' });
  const phone = await browser.newContext({
    ...devices['Pixel 7'],
    viewport: { width: 390, height: 844 },
    baseURL: BASE_URL,
    storageState: await page.context().storageState(),
  });
  const onPhone = await phone.newPage();
  await onPhone.goto('/mobileWeb/settings');
  // The mobile family's first open shows the partner choice and the intro slides once.
  const skip = onPhone.getByRole('button', { name: 'Überspringen' });
  const partner = onPhone.getByTestId('partner-demo');
  const phoneCard = onPhone.getByTestId('passkey-settings');
  await expect(phoneCard.or(skip).or(partner)).toBeVisible();
  if (await partner.isVisible()) {
    await partner.click();
    await expect(skip).toBeVisible();
  }
  if (await skip.isVisible()) {
    await skip.click();
    await onPhone.goto('/mobileWeb/settings');
  }
  await phoneCard.getByTestId('passkey').scrollIntoViewIfNeeded();
  await expect(phoneCard.getByTestId('passkey')).toBeVisible();
  await settingsShot(onPhone, testInfo, 'passkeys', { dialog: true, size: 'phone' });
  await phone.close();

  await logOut(page, 'desktopWeb');
  await page.getByTestId('login-passkey').click();
  await expect(page).toHaveURL(screenUrl('desktopWeb', 'marketplace'));
  const session = await page.request.get('/auth/checksession');
  expect(((await session.json()) as { data: { email: string } }).data.email).toBe(email);

  // A user who cancels (the authenticator refuses user verification) stays on login with a message.
  await logOut(page, 'desktopWeb');
  await cdp.send('WebAuthn.setUserVerified', { authenticatorId, isUserVerified: false });
  await page.getByTestId('login-passkey').click();
  await expect(page.getByRole('alert')).toContainText('Die biometrische Anmeldung hat nicht geklappt.');
  await expect(page).toHaveURL(screenUrl('desktopWeb', 'login'));
});
