import { expect, test } from '@playwright/test';
import { openSettings } from './auth-support.js';
import { settingsShot } from './settings-screenshots.js';
import { familyOf, screenUrl } from './shell-support.js';
import { csrfHeaders, verifiedInvestor } from './trading-support.js';

/**
 * Issue 20, "must show": switch account (spec section 2, ADR 0035). A verified investor of the demo
 * partner copies the profile to the second partner after the consent, then switches between the two
 * accounts without logging in again; the look follows the partner.
 */

type Me = { userId: string; platformProvider: string; status: string; email: string };

test('switch account: copy the profile to another partner with consent and switch without a password', async ({
  page,
}, testInfo) => {
  const family = familyOf(testInfo);
  test.setTimeout(120_000);
  const { email } = await verifiedInvestor(page, testInfo, family, 'konto.wechsel');
  const me = async (): Promise<Me> => (await (await page.request.get('/api/v1/user')).json()).data;
  const home = await me();
  expect(home.platformProvider).toBe('brickwise');

  // Settings → "Konto wechseln" opens the switch-account screen (settings?option=switchAccount).
  await page.goto(`/${family}/marketplace`);
  await openSettings(page, family);
  await page.getByTestId('switch-account').click();
  await expect(page).toHaveURL(screenUrl(family, 'settings?option=switchAccount'));
  await expect(page.getByRole('heading', { name: 'Konto wechseln', level: 1 })).toBeVisible();
  const own = page.getByTestId('linked-account-brickwise');
  await expect(own).toContainText('Brickwise');
  await expect(own).toContainText('Angemeldet');
  await expect(page.getByTestId('linked-account-alpenanteil')).toHaveCount(0);
  await settingsShot(page, testInfo, 'switch-account');

  // Copy to Alpenanteil: the consent text word for word; without the tick nothing is sent.
  await page.getByTestId('copy-to-alpenanteil').click();
  const consent = page.getByTestId('copy-consent-alpenanteil');
  await expect(consent.getByTestId('copy-consent-text')).toContainText('an Alpenanteil übertragen werden');
  await expect(consent.getByTestId('copy-consent-text')).toContainText('Geld, Anteile und Angebote bleiben');
  await consent.getByRole('button', { name: 'Übertragen' }).click();
  await expect(consent.getByText('Bitte bestätige die Einwilligung.')).toBeVisible();
  await consent.scrollIntoViewIfNeeded();
  await settingsShot(page, testInfo, 'switch-account-consent', { dialog: true });
  await consent.getByLabel('Ich willige ein').check();
  await consent.getByRole('button', { name: 'Übertragen' }).click();
  await expect(page.getByText('Dein Konto bei Alpenanteil ist eröffnet.')).toBeVisible();
  const copy = page.getByTestId('linked-account-alpenanteil');
  await expect(copy).toContainText('Verifiziert');
  await expect(page.getByTestId('copy-to-alpenanteil')).toHaveCount(0);

  // A second copy is refused by the server (409), also when sent directly.
  const again = await page.request.post('/api/v2/user/copy-me', {
    headers: await csrfHeaders(page),
    data: { destinationPlatformProvider: 'alpenanteil', consent: true },
  });
  expect(again.status()).toBe(409);

  // Switch without a password: the session now belongs to the Alpenanteil account.
  await copy.getByTestId('switch-to-alpenanteil').click();
  await expect(page.getByTestId('switch-account-message')).toHaveText(
    'Du bist jetzt mit deinem Konto bei Alpenanteil angemeldet.',
  );
  await expect(page.getByTestId('linked-account-alpenanteil')).toContainText('Angemeldet');
  await settingsShot(page, testInfo, 'switch-account-switched');
  const switched = await me();
  expect(switched).toMatchObject({ platformProvider: 'alpenanteil', email, status: 'verified' });
  expect(switched.userId).not.toBe(home.userId);

  // And back again, still without logging in.
  await page.getByTestId('switch-to-brickwise').click();
  await expect(page.getByTestId('switch-account-message')).toHaveText(
    'Du bist jetzt mit deinem Konto bei Brickwise angemeldet.',
  );
  await expect(page.getByTestId('linked-account-brickwise')).toContainText('Angemeldet');
  expect((await me()).userId).toBe(home.userId);
});
