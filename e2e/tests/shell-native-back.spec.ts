import { expect, test } from '@playwright/test';
import { familyOf, finishFirstOpen, screenUrl, simulateLoggedInUser } from './shell-support.js';

/** Spec section 2, Android hardware back: the native shell dispatches `nativeBack`; the web app decides. */
test('the Android back button follows the spec rules', async ({ page }, testInfo) => {
  const family = familyOf(testInfo);
  test.skip(family !== 'app', 'only the native shell has a hardware back button');
  await finishFirstOpen(page, family);
  await simulateLoggedInUser(page);
  const pressBack = () => page.evaluate("window.dispatchEvent(new CustomEvent('nativeBack'))");

  await page.goto('/app/inbox');
  await expect(page.getByRole('heading', { name: 'Postfach' })).toBeVisible();
  await pressBack();
  await expect(page).toHaveURL(screenUrl(family, 'marketplace'));

  await page.evaluate("window.__exits = 0; window.addEventListener('nativeExitApp', () => window.__exits++)");
  await pressBack();
  await expect.poll(() => page.evaluate('window.__exits')).toBe(1);
  await expect(page).toHaveURL(screenUrl(family, 'marketplace'));

  await page.goto('/app/identification');
  await expect(page.getByRole('heading', { name: 'Identifizierung' })).toBeVisible();
  await pressBack();
  const confirm = page.getByRole('dialog', { name: 'Diesen Schritt verlassen?' });
  await expect(confirm).toBeVisible();
  await confirm.getByRole('button', { name: 'Weitermachen' }).click();
  await expect(confirm).toBeHidden();
  await expect(page).toHaveURL(screenUrl(family, 'identification'));
  await pressBack();
  await confirm.getByRole('button', { name: 'Verlassen' }).click();
  await expect(page).not.toHaveURL(screenUrl(family, 'identification'));
});
