import { expect, test } from '@playwright/test';
import { type Family, familyOf, finishFirstOpen, simulateLoggedInUser } from './shell-support.js';

/** Spec section 2, deep links: every kind resolves to its screen in the device's family. */
const cases = (family: Family): [link: string, target: string][] => {
  const desktop = family === 'desktopWeb';
  return [
    ['/register/tok-123', 'register?verificationToken=tok-123'],
    ['/password-reset/pw-456', 'reset-password?passwordToken=pw-456'],
    ['/verify/ver-789', 'register?verificationToken=ver-789'],
    ['/forum/17', desktop ? 'asset/17/details' : 'asset/17'],
    ['/transaction/tx-9', 'account?transaction=tx-9'],
    ['/asset/17', desktop ? 'asset/17/details' : 'asset/17'],
    ['/assets/17', desktop ? 'asset/17/details' : 'asset/17'],
    ['/assets/17/location-details', desktop ? 'asset/17/location-details' : 'asset/17/location-details'],
    ['/asset/17/documents', desktop ? 'asset/17/details' : 'asset/17/documents'],
    ['/settings/imprintDetails', 'settings?option=imprintDetails'],
    ['/imprint', 'imprint-details'],
    ['/something/unknown', 'marketplace'],
  ];
};

test('every kind of deep link resolves', async ({ page, baseURL }, testInfo) => {
  const family = familyOf(testInfo);
  await finishFirstOpen(page, family);
  await simulateLoggedInUser(page);
  for (const [link, target] of cases(family)) {
    await page.goto(link);
    await expect(page, `${link} → ${target}`).toHaveURL(`${baseURL}/${family}/${target}`);
    await expect(page.locator('main h1').first()).toBeVisible();
  }
});
