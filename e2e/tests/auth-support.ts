import { expect, type Page, type TestInfo } from '@playwright/test';
import { type Family, isMobile, screenUrl } from './shell-support.js';

/** Shared steps of the accounts specs (issue 4). */

/** A unique address per test and project, so runs never collide on the fresh database. */
export const uniqueEmail = (testInfo: TestInfo, label: string): string =>
  `${label}.${testInfo.project.name.toLowerCase()}.${Date.now()}.${testInfo.workerIndex}@example.at`;

/** Opens the development mailbox page for one recipient in a second tab, like a mail client. */
export const openMailbox = async (page: Page, email: string): Promise<Page> => {
  const mailbox = await page.context().newPage();
  await mailbox.goto(`/dev/mailbox?${new URLSearchParams({ recipient: email })}`);
  await expect(mailbox.getByRole('heading', { name: 'Entwicklungs-Postfach', level: 1 })).toBeVisible();
  return mailbox;
};

const MAIL_POLL_MS = 1_000;

/**
 * Waits until the mailbox holds `count` mails with this subject (the server sends through its outbox,
 * so a mail may land a moment after the answer) and returns the newest one.
 */
export const newestMail = async (mailbox: Page, subject: RegExp, count: number) => {
  const mails = mailbox.getByTestId('mail').filter({ has: mailbox.getByRole('heading', { name: subject }) });
  await expect(async () => {
    await mailbox.getByRole('button', { name: 'Aktualisieren' }).click();
    await expect(mails).toHaveCount(count, { timeout: MAIL_POLL_MS });
  }).toPass();
  return mails.first();
};

/** The 6-digit code of the newest of `count` reset mails. */
export const newestCode = async (mailbox: Page, count: number): Promise<string> => {
  const mail = await newestMail(mailbox, /Dein Code/, count);
  const code = (await mail.getByTestId('mail-code').textContent()) ?? '';
  expect(code).toMatch(/^\d{6}$/);
  return code;
};

export const logIn = async (page: Page, family: Family, email: string, password: string) => {
  await page.goto(`/${family}/login`);
  await page.getByLabel('E-Mail-Adresse').fill(email);
  await page.getByLabel('Passwort', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Anmelden', exact: true }).click();
};

/** Logs out the way the family offers it: the user menu on desktop, settings on the phone families. */
export const logOut = async (page: Page, family: Family) => {
  if (isMobile(family)) {
    await page.getByTestId('header-settings').click();
    await expect(page).toHaveURL(screenUrl(family, 'settings'));
    await page.getByTestId('logout').click();
  } else {
    await page.getByTestId('user-menu').click();
    await page.getByTestId('menu-logout').click();
  }
  await expect(page).toHaveURL(screenUrl(family, 'login'));
};

export const openSettings = async (page: Page, family: Family) => {
  if (isMobile(family)) {
    await page.getByTestId('header-settings').click();
  } else {
    await page.getByTestId('user-menu').click();
    await page.getByRole('link', { name: 'Einstellungen' }).click();
  }
  await expect(page).toHaveURL(screenUrl(family, 'settings'));
};
