import path from 'node:path';
import { expect, test } from '@playwright/test';
import { familyOf, finishFirstOpen, screenUrl, simulateNoAssets } from './shell-support.js';

/**
 * The shell of each family at its size (390x844 phones, 1280x800 desktop), as a returning guest on
 * the marketplace. Always attached to the report; written to docs/screenshots/ with UPDATE_SCREENSHOTS=1.
 */
test('the shell of the family, for the eye', async ({ page }, testInfo) => {
  const family = familyOf(testInfo);
  await simulateNoAssets(page);
  await finishFirstOpen(page, family);
  await page.goto('/');
  await page.getByTestId('continue-as-guest').click();
  await expect(page).toHaveURL(screenUrl(family, 'marketplace'));
  await expect(page.getByText('Gerade sind keine Objekte verfügbar')).toBeVisible();
  await expect(page.locator('#splash')).toHaveAttribute('data-hidden', 'true');
  await expect(page.getByTestId('app-icon').first()).toHaveJSProperty('complete', true);
  const shot = await page.screenshot({ animations: 'disabled' });
  await testInfo.attach(`shell-${family}.png`, { body: shot, contentType: 'image/png' });
  if (process.env.UPDATE_SCREENSHOTS === '1') {
    await page.screenshot({
      path: path.join(import.meta.dirname, '../../docs/screenshots', `shell-${family}.png`),
      animations: 'disabled',
    });
  }
});
