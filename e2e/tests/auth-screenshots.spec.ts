import path from 'node:path';
import { expect, type Page, type TestInfo, test } from '@playwright/test';
import { familyOf, finishFirstOpen, screenUrl } from './shell-support.js';

/**
 * Login, register and reset at the family's size (390x844 phones, 1280x800 desktop), for the eye.
 * Always attached to the report; written to docs/screenshots/ with UPDATE_SCREENSHOTS=1.
 */
const shoot = async (page: Page, testInfo: TestInfo, name: string) => {
  await expect(page.locator('#splash')).toHaveAttribute('data-hidden', 'true');
  const file = `auth-${name}-${familyOf(testInfo)}.png`;
  const shot = await page.screenshot({ animations: 'disabled' });
  await testInfo.attach(file, { body: shot, contentType: 'image/png' });
  if (process.env.UPDATE_SCREENSHOTS === '1') {
    await page.screenshot({
      path: path.join(import.meta.dirname, '../../docs/screenshots', file),
      animations: 'disabled',
    });
  }
};

test('login, register and reset screens, for the eye', async ({ page }, testInfo) => {
  const family = familyOf(testInfo);
  await finishFirstOpen(page, family);

  await page.goto(`/${family}/login`);
  await expect(page.getByRole('heading', { name: 'Anmelden', level: 1 })).toBeVisible();
  await shoot(page, testInfo, 'login');

  await page.goto(`/${family}/register`);
  await page.getByTestId('register-person').click();
  await page.getByLabel('E-Mail-Adresse').fill('anna@beispiel');
  await page.getByRole('button', { name: 'Weiter' }).click();
  await expect(page.getByTestId('error-email')).toHaveText('Die eingegebene E-Mail Adresse ist ungültig.');
  await shoot(page, testInfo, 'register');

  await page.goto(`/${family}/reset-password`);
  await expect(page).toHaveURL(screenUrl(family, 'reset-password'));
  await page.getByLabel('E-Mail-Adresse').fill(`anna.${family.toLowerCase()}@example.at`);
  await page.getByRole('button', { name: 'Code anfordern' }).click();
  await expect(page.getByRole('heading', { name: 'Gib deinen Code ein' })).toBeVisible();
  await shoot(page, testInfo, 'reset');
});
