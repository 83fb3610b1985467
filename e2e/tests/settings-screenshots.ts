import path from 'node:path';
import type { Page, TestInfo } from '@playwright/test';

/** The two sizes of every settings screenshot (issue 20): a phone and a desktop. */
export const SETTINGS_SIZES = {
  phone: { width: 390, height: 844 },
  desktop: { width: 1280, height: 800 },
} as const;
const DOCS_DIR = path.join(import.meta.dirname, '../../docs/screenshots');

/**
 * docs/screenshots/settings-<name>-<size>.png with UPDATE_SCREENSHOTS=1; always attached to the
 * report. The size follows the project (desktopWeb: desktop, the others: phone) unless `size` says.
 */
export const settingsShot = async (
  page: Page,
  testInfo: TestInfo,
  name: string,
  { dialog = false, size: asked }: { dialog?: boolean; size?: keyof typeof SETTINGS_SIZES } = {},
) => {
  const desktop = asked ? asked === 'desktop' : testInfo.project.name === 'desktopWeb';
  const size = desktop ? SETTINGS_SIZES.desktop : SETTINGS_SIZES.phone;
  const before = page.viewportSize();
  await page.setViewportSize(size);
  const file = `settings-${name}-${size.width}x${size.height}.png`;
  // The phone's tab bar is fixed: the phone gets its first screen, the desktop its whole page.
  const fullPage = !dialog && desktop;
  // From the top, so the sticky header sits where it belongs in a full-page picture.
  if (fullPage) await page.evaluate('window.scrollTo(0, 0)');
  const body = await page.screenshot({ animations: 'disabled', fullPage });
  await testInfo.attach(`${file}-${testInfo.project.name}`, { body, contentType: 'image/png' });
  // The docs' phone picture is the mobile web family's; the native family's is only attached.
  if (process.env.UPDATE_SCREENSHOTS === '1' && testInfo.project.name !== 'app')
    await page.screenshot({ path: path.join(DOCS_DIR, file), animations: 'disabled', fullPage });
  if (before) await page.setViewportSize(before);
};
