import { expect, test } from '@playwright/test';
import { familyOf, finishFirstOpen, screenUrl, simulateLoggedInUser } from './shell-support.js';

/** Spec sections 4 and 8: offline → /networkError with retry and a toast; reconnecting returns to the marketplace. */
test('going offline shows the network error screen and coming back returns to the marketplace', async ({
  page,
  context,
}, testInfo) => {
  const family = familyOf(testInfo);
  await finishFirstOpen(page, family);
  await simulateLoggedInUser(page);
  await page.goto(`/${family}/support`);
  await expect(page.getByRole('heading', { name: 'Wie können wir helfen?' })).toBeVisible();

  await context.setOffline(true);
  await expect(page).toHaveURL(/\/networkError$/);
  await expect(page.getByRole('heading', { name: 'Du bist offline!' })).toBeVisible();
  await expect(page.getByTestId('toast')).toHaveText('Bitte prüf deine Internetverbindung.');

  // Retrying while still offline keeps the screen.
  await page.getByRole('button', { name: 'Nochmal versuchen' }).click();
  await expect(page).toHaveURL(/\/networkError$/);

  await context.setOffline(false);
  await expect(page).toHaveURL(screenUrl(family, 'marketplace'));
  await expect(page.getByRole('heading', { name: 'Marktplatz', level: 1 })).toBeVisible();
});
