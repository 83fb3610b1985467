import { expect, test } from '@playwright/test';
import { familyOf, finishFirstOpen, screenUrl } from './shell-support.js';

/** Spec section 2: any unknown desktop path shows the not-found page with a button to the marketplace. */
test('an unknown desktop path shows the not-found page and its button leads to the marketplace', async ({
  page,
}, testInfo) => {
  const family = familyOf(testInfo);
  await finishFirstOpen(page, family);
  await page.goto('/desktopWeb/this/page/never/existed');
  if (family !== 'desktopWeb') {
    // On a phone the desktop family does not fit: the unknown screen becomes the marketplace, where a
    // guest may stay (issue 20: public screens keep their visitor).
    await expect(page).toHaveURL(screenUrl(family, 'marketplace'));
    await expect(page.getByRole('heading', { name: 'Marktplatz', level: 1 })).toBeVisible();
    return;
  }
  await expect(page).toHaveURL(/\/desktopWeb\/this\/page\/never\/existed$/);
  await expect(page.getByRole('heading', { name: 'Diese Seite gibt es leider nicht mehr.' })).toBeVisible();
  await expect(page).toHaveTitle('Seite nicht gefunden · Brickwise');
  await page.getByRole('link', { name: 'Zum Marktplatz' }).click();
  await expect(page).toHaveURL(screenUrl(family, 'marketplace'));
  await expect(page.getByRole('heading', { name: 'Marktplatz', level: 1 })).toBeVisible();
});
