import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { settingsShot } from './settings-screenshots.js';
import { familyOf, finishFirstOpen } from './shell-support.js';

/**
 * Issue 26: the web's ways into the native app — the mobile web's `continue-on-native` screen and the
 * general `/downloadMobileApp` — point at the demo partner's app as the shell is built
 * (apps/native/partner.json): its deep-link host and its store entries.
 */
type NativePartner = { appId: string; hostname: string; appStoreId: string };
const shell = JSON.parse(
  readFileSync(path.resolve(import.meta.dirname, '../../apps/native/partner.json'), 'utf8'),
) as NativePartner;
const APP_STORE = `https://apps.apple.com/app/id${shell.appStoreId}`;
const PLAY_STORE = `https://play.google.com/store/apps/details?id=${shell.appId}`;
const ASSET = 'berlin-kreuzberg-studio';

test('continue-on-native opens the same screen in the partner app, or its pages in both stores', async ({
  page,
}, testInfo) => {
  test.skip(familyOf(testInfo) !== 'mobileWeb', 'continue-on-native is a screen of the mobile web only');
  await finishFirstOpen(page, 'mobileWeb');
  await page.goto(`/mobileWeb/continue-on-native?target=/mobileWeb/asset/${ASSET}/details`);
  await expect(page.getByRole('heading', { name: 'In der App weitermachen' })).toBeVisible();
  await expect(page.getByTestId('open-app')).toHaveAttribute(
    'href',
    `https://${shell.hostname}/app/asset/${ASSET}/details`,
  );
  await expect(page.getByRole('link', { name: 'Im App Store laden' })).toHaveAttribute('href', APP_STORE);
  await expect(page.getByRole('link', { name: 'Bei Google Play laden' })).toHaveAttribute('href', PLAY_STORE);
  await expect(page.getByRole('link', { name: 'Im Browser weitermachen' })).toHaveAttribute(
    'href',
    `/mobileWeb/asset/${ASSET}/details`,
  );
  await expect(page.locator('#splash')).toHaveAttribute('data-hidden', 'true');
  await settingsShot(page, testInfo, 'continue-on-native');
});

test('the download screen points to the partner app and its pages in both stores', async ({ page }, testInfo) => {
  const family = familyOf(testInfo);
  test.skip(family === 'app', 'inside the native shell the app is already there');
  await finishFirstOpen(page, family);
  await page.goto('/downloadMobileApp');
  await expect(page.getByRole('heading', { name: 'Hol dir die App' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'App herunterladen' })).toHaveAttribute(
    'href',
    new RegExp(`^https://${shell.hostname.replaceAll('.', '\\.')}/?$`),
  );
  await expect(page.getByRole('link', { name: 'Im App Store laden' })).toHaveAttribute('href', APP_STORE);
  await expect(page.getByRole('link', { name: 'Bei Google Play laden' })).toHaveAttribute('href', PLAY_STORE);
  // The start screen (index.html's splash) fades out over the page; the picture waits for it.
  await expect(page.locator('#splash')).toHaveAttribute('data-hidden', 'true');
  await settingsShot(page, testInfo, 'download-app');
});
