import { expect, type Page, test } from '@playwright/test';
import { registerAndLogIn } from './account-support.js';
import { uniqueEmail } from './auth-support.js';
import { type Family, familyOf, finishFirstOpen, screenUrl } from './shell-support.js';

/**
 * Issue 6, "must show": a logged-in user likes an asset, finds it under the favourites filter, and
 * unlikes it again (POST and DELETE /api/v1/utils/like). One run per route family, against the real
 * server; each reload proves the server kept the answer, not only the page's cache. The guest's
 * register-or-login dialog is in assets-marketplace.spec.ts.
 */
const ASSET = { id: 'pv-landshut-agri', title: 'Agri-PV Landshut' } as const;
const OTHER = 'Gewerbehalle Innsbruck-Rossau';

const cardsOn = (page: Page) =>
  page
    .getByRole('main')
    .getByRole('listitem')
    .filter({ has: page.getByRole('progressbar') });

const openMarketplace = async (page: Page, family: Family, query = '') => {
  await page.goto(`/${family}/marketplace${query}`);
  await expect(page).toHaveURL(new RegExp(`/${family}/marketplace${query.replace(/[?]/g, '\\?')}$`));
};

test('a logged-in user likes an asset, sees it under favourites and unlikes it', async ({ page }, testInfo) => {
  const family = familyOf(testInfo);
  await finishFirstOpen(page, family);
  await registerAndLogIn(page, {
    email: uniqueEmail(testInfo, 'lena.favoriten'),
    firstName: 'Lena',
    lastName: 'Gruber',
    password: 'Ziegelstein-Anteil-2026',
  });
  await openMarketplace(page, family);
  const cards = cardsOn(page);
  await expect(cards).toHaveCount(17);

  // Nothing liked yet: the favourites filter shows its empty state.
  await page.getByRole('button', { name: 'Favoriten', exact: true }).click();
  await expect(page).toHaveURL(/filter=liked/);
  await expect(page.getByRole('heading', { name: 'Noch keine Favoriten' })).toBeVisible();
  await page.getByRole('button', { name: 'Alle Objekte zeigen' }).click();

  // Like: the heart is pressed at once, no register-or-login dialog for a user with a session.
  await page.getByRole('button', { name: `${ASSET.title} merken`, exact: true }).click();
  const unlike = page.getByRole('button', { name: `${ASSET.title} nicht mehr merken`, exact: true });
  await expect(unlike).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByRole('dialog')).toHaveCount(0);

  // Favourites: exactly the liked asset, also after a reload (the server kept the like).
  await page.getByRole('button', { name: 'Favoriten', exact: true }).click();
  await expect(cards).toHaveCount(1);
  await expect(page.getByRole('link', { name: ASSET.title })).toBeVisible();
  await expect(page.getByRole('link', { name: OTHER })).toHaveCount(0);
  await page.reload();
  await expect(page).toHaveURL(/filter=liked/);
  await expect(cards).toHaveCount(1);
  await expect(unlike).toHaveAttribute('aria-pressed', 'true');

  // The asset page shows the same heart.
  await page.getByRole('link', { name: ASSET.title }).click();
  await expect(page).toHaveURL(new RegExp(`/${family}/asset/${ASSET.id}(/details)?$`));
  await expect(page.getByRole('heading', { level: 1, name: ASSET.title })).toBeVisible();
  await expect(unlike).toHaveAttribute('aria-pressed', 'true');

  // Unlike from the favourites list: the list empties, and stays empty after a reload.
  await openMarketplace(page, family, '?filter=liked');
  await expect(cards).toHaveCount(1);
  await unlike.click();
  await expect(page.getByRole('heading', { name: 'Noch keine Favoriten' })).toBeVisible();
  await expect(cards).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Noch keine Favoriten' })).toBeVisible();
  await page.getByRole('button', { name: 'Alle Objekte zeigen' }).click();
  await expect(cards).toHaveCount(17);
  await expect(page.getByRole('button', { name: `${ASSET.title} merken`, exact: true })).toHaveAttribute(
    'aria-pressed',
    'false',
  );
  await expect(page).toHaveURL(screenUrl(family, 'marketplace'));
});
