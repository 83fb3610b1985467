import { expect, type Page, type TestInfo } from '@playwright/test';

/** Shared steps of the shell specs (issue 3). Each Playwright project is one route family. */
export type Family = 'app' | 'mobileWeb' | 'desktopWeb';

export const familyOf = (testInfo: TestInfo): Family => {
  const name = testInfo.project.name;
  if (name === 'app' || name === 'mobileWeb' || name === 'desktopWeb') return name;
  throw new Error(`The shell specs run in the app, mobileWeb and desktopWeb projects, not in ${name}`);
};

export const isMobile = (family: Family): boolean => family !== 'desktopWeb';

/** `/app/marketplace`-style URL matcher that tolerates a query string. */
export const screenUrl = (family: Family, screen: string): RegExp =>
  new RegExp(`/${family}/${screen.replace(/[?]/g, '\\?')}$`);

/**
 * The accounts issue builds GET /auth/checksession. Until then the server answers 404, so the
 * logged-in startup is simulated by answering this one call in the browser; everything else
 * (config, version, flags, fees, the web app itself) is the real server.
 */
export const simulateLoggedInUser = async (page: Page, email = 'anna.berger@example.at') => {
  await page.route('**/auth/checksession', (route) =>
    route.fulfill({ json: { data: { userId: 'u-e2e-1', email, role: 'user' } } }),
  );
};

/**
 * The asset list belongs to the assets issue; specs that check the shell's empty marketplace answer
 * the list call with an empty page so they do not depend on the seeded assets.
 */
export const simulateNoAssets = async (page: Page) => {
  await page.route(/\/api\/v2\/assets(\?.*)?$/, (route) =>
    route.fulfill({ json: { data: { assets: [], page: 0, pageSize: 100, totalCount: 0 } } }),
  );
};

/**
 * A returning visitor: the first open already happened (partner chosen, intro slides skipped).
 * Desktop counts the slides as watched, so it has nothing to do.
 */
export const finishFirstOpen = async (page: Page, family: Family) => {
  await page.goto('/');
  if (!isMobile(family)) {
    await expect(page).toHaveURL(screenUrl(family, 'login'));
    return;
  }
  await expect(page).toHaveURL(screenUrl(family, 'selectPartner'));
  await page.getByTestId('partner-demo').click();
  await expect(page).toHaveURL(screenUrl(family, 'introSlides'));
  await page.getByRole('button', { name: 'Überspringen' }).click();
  await expect(page).toHaveURL(screenUrl(family, 'register'));
};

/** The partner's brand colour as the page's CSS sees it. */
export const brandColor = async (page: Page): Promise<string> =>
  String(await page.evaluate("getComputedStyle(document.documentElement).getPropertyValue('--bw-brand').trim()"));
