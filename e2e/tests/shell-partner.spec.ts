import { expect, test } from '@playwright/test';
import { brandColor, familyOf, isMobile, screenUrl } from './shell-support.js';

/** White-label: switching the partner changes colours, icon, app name and the document's theme. */
test('switching the partner changes colours and icon', async ({ page }, testInfo) => {
  const family = familyOf(testInfo);
  await page.goto('/selectPartner');
  await expect(page.getByTestId('partner-demo')).toHaveAttribute('aria-pressed', 'true');
  await expect.poll(() => brandColor(page)).toBe('#0f766e');
  await expect(page.locator('link[rel="icon"]')).toHaveAttribute('href', /\/static\/partners\/brickwise\.svg$/);
  await expect(page.locator('meta[name="theme-color"]')).toHaveAttribute('content', '#0f766e');

  await page.getByTestId('partner-alpen').click();

  // Alpenanteil has no partner selection page but intro slides: phones see its slides, desktop its login.
  await expect(page).toHaveURL(screenUrl(family, isMobile(family) ? 'introSlides' : 'login'));
  await expect.poll(() => brandColor(page)).toBe('#e8a33d');
  await expect(page.locator('meta[name="theme-color"]')).toHaveAttribute('content', '#e8a33d');
  await expect(page.locator('link[rel="icon"]')).toHaveAttribute('href', /\/static\/partners\/alpenanteil\.svg$/);
  await expect(page.getByTestId('app-icon').first()).toHaveAttribute('src', /\/static\/partners\/alpenanteil\.svg$/);
  // Text on the brand colour uses the partner's readable call-to-action label colour.
  // On desktop that is login's one primary action (issue 4).
  const primary = page.getByRole('button', { name: isMobile(family) ? 'Weiter' : 'Anmelden', exact: true });
  await expect(primary).toHaveCSS('background-color', 'rgb(232, 163, 61)');
  await expect(primary).toHaveCSS('color', 'rgb(28, 25, 23)');

  // The choice is remembered: a new start keeps the partner.
  await page.goto('/');
  await expect.poll(() => brandColor(page)).toBe('#e8a33d');
  await expect(page).toHaveTitle(/Alpenanteil$/);
});
