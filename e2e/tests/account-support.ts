import path from 'node:path';
import { expect, type Page, type TestInfo } from '@playwright/test';

/** Shared steps of the account specs (issue 7): a logged-in user with a payment account, through the API. */

type Envelope<T> = { data: T };
type DevMessage = { bodyText: string; subject?: string | null };

const POLL_INTERVALS = [100, 250, 500, 1_000];

/** The newest development-mailbox message to `recipient` on `channel` (the outbox sends a moment later). */
export const newestMessage = async (page: Page, recipient: string, channel: 'email' | 'sms', count = 1) => {
  let newest: DevMessage | undefined;
  await expect
    .poll(
      async () => {
        const response = await page.request.get(`/api/v1/dev/mailbox?${new URLSearchParams({ recipient, channel })}`);
        const { data } = (await response.json()) as Envelope<DevMessage[]>;
        newest = data[0];
        return data.length;
      },
      { intervals: POLL_INTERVALS },
    )
    .toBeGreaterThanOrEqual(count);
  if (!newest) throw new Error(`no ${channel} message to ${recipient}`);
  return newest;
};

/**
 * Registers, confirms the e-mail, sets the name and password (ADR 0003): the page's browser context
 * then holds the session cookies, like a user who just finished registration.
 */
export const registerAndLogIn = async (
  page: Page,
  user: { email: string; firstName: string; lastName: string; password: string; referralCode?: string },
) => {
  // What the registration screen sends; a referral link adds the referrer's code (issue 25).
  const registered = await page.request.post('/auth/register', {
    data: { email: user.email, ...(user.referralCode ? { referralCode: user.referralCode } : {}) },
  });
  expect(registered.status(), await registered.text()).toBe(200);
  const mail = await newestMessage(page, user.email, 'email');
  const token = mail.bodyText.match(/\/verify\/([A-Za-z0-9_-]+)/)?.[1];
  if (!token) throw new Error('no verification link in the e-mail');
  const verified = await page.request.post('/auth/verify-email', { data: { token } });
  expect(verified.status(), await verified.text()).toBe(200);
  const { csrfToken } = ((await verified.json()) as Envelope<{ csrfToken: string }>).data;
  const headers = { 'x-csrf-token': csrfToken };
  const named = await page.request.put('/api/v2/user', {
    headers,
    data: { firstName: user.firstName, lastName: user.lastName },
  });
  expect(named.status(), await named.text()).toBe(200);
  const password = await page.request.patch('/auth/set-password', { headers, data: { passwordNew: user.password } });
  expect(password.status(), await password.text()).toBe(200);
};

/** The session's CSRF token (ADR 0003: the readable `bw_csrf` cookie), for state-changing calls. */
const csrfHeaders = async (page: Page): Promise<Record<string, string>> => {
  const cookie = (await page.context().cookies()).find((item) => item.name === 'bw_csrf');
  return cookie ? { 'x-csrf-token': decodeURIComponent(cookie.value) } : {};
};

/** Development only: opens the user's payment account without the onboarding (nothing verifies users yet). */
export const openWallet = async (page: Page, email: string): Promise<{ IBAN: string; BIC: string }> => {
  const response = await page.request.post('/api/v1/dev/psp/wallet', {
    headers: await csrfHeaders(page),
    data: { email },
  });
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as Envelope<{ IBAN: string; BIC: string }>).data;
};

/** Development only: an incoming SEPA transfer to the personal IBAN (arrives pending, settles on `deliver`). */
export const simulateTransfer = async (
  page: Page,
  transfer: { iban: string; amountCents: number; name: string; fromIban: string },
) => {
  const response = await page.request.post('/api/v1/dev/psp/transfer', {
    headers: await csrfHeaders(page),
    data: {
      iban: transfer.iban,
      amount: String(transfer.amountCents),
      name: transfer.name,
      fromIban: transfer.fromIban,
    },
  });
  expect(response.status(), await response.text()).toBe(200);
};

/** Development only: the sandbox provider sends every queued webhook now. */
export const deliverWebhooks = async (page: Page) => {
  const response = await page.request.post('/api/v1/dev/psp/deliver', { headers: await csrfHeaders(page) });
  expect(response.status(), await response.text()).toBe(200);
};

/** "AT611904300234573201" → "AT61 1904 3002 3457 3201", as the screens show it. */
export const groupIban = (iban: string): string => iban.replace(/(.{4})(?=.)/g, '$1 ');

/** The onboarding's PhoneNumber step (PUT /api/v2/user/phone): a payout's SMS goes to this number. */
export const setPhone = async (page: Page, phone: string): Promise<void> => {
  const response = await page.request.put('/api/v2/user/phone', { headers: await csrfHeaders(page), data: { phone } });
  expect(response.status(), await response.text()).toBe(200);
};

const SCREENSHOT_SIZES: Readonly<Record<string, string>> = { mobileWeb: '390x844', desktopWeb: '1280x800' };

/**
 * The screen for the eye: always attached to the report; written to docs/screenshots/account-*.png
 * with UPDATE_SCREENSHOTS=1 (one phone family and desktop, at their sizes).
 */
export const snapshot = async (page: Page, testInfo: TestInfo, name: string) => {
  const shot = await page.screenshot({ animations: 'disabled' });
  await testInfo.attach(`${name}-${testInfo.project.name}.png`, { body: shot, contentType: 'image/png' });
  const size = SCREENSHOT_SIZES[testInfo.project.name];
  if (process.env.UPDATE_SCREENSHOTS === '1' && size) {
    await page.screenshot({
      path: path.join(import.meta.dirname, '../../docs/screenshots', `${name}-${size}.png`),
      animations: 'disabled',
    });
  }
};
