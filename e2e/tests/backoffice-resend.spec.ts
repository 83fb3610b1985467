import { expect, test } from '@playwright/test';
import { staffLogin } from './backoffice-support.js';
import { familyOf } from './shell-support.js';

/**
 * Issue 21, investors and KYC: "resend e-mails". A compliance officer sends a registered but
 * unconfirmed investor a new confirmation link from the investor view; the mail arrives in the
 * development mailbox. Desktop only.
 */
test('a compliance officer resends the confirmation link from the investor view', async ({
  browser,
  baseURL,
}, testInfo) => {
  test.skip(familyOf(testInfo) !== 'desktopWeb', 'the back office is a desktop application');
  test.setTimeout(120_000);
  const clara = await staffLogin(browser, baseURL ?? '', 'compliance');
  const email = `bo.resend.${Date.now()}@example.at`;
  const registered = await clara.request.post('/auth/register', { data: { email } });
  expect(registered.status(), await registered.text()).toBe(200);
  const mails = async () => {
    const res = await clara.request.get('/api/v1/dev/mailbox', { params: { recipient: email, channel: 'email' } });
    return ((await res.json()) as { data: { bodyText: string }[] }).data;
  };
  await expect.poll(async () => (await mails()).length, { timeout: 20_000 }).toBe(1);

  await clara.getByRole('link', { name: 'Investoren', exact: true }).click();
  await clara.getByLabel('Suche').fill(email);
  await clara.getByTestId('table-row').filter({ hasText: email }).click();
  await clara.getByRole('button', { name: 'Bestätigungslink' }).click();
  await expect(clara.getByRole('status').filter({ hasText: 'E-Mail ist unterwegs.' })).toBeVisible();
  await expect.poll(async () => (await mails()).length, { timeout: 20_000 }).toBe(2);
  expect((await mails())[0]?.bodyText).toMatch(/\/verify\/[A-Za-z0-9_-]+/);
});
