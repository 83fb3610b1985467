import { type APIRequestContext, expect, test } from '@playwright/test';
import { demoInvestor } from './bulletin-board-support.js';
import {
  approveInSecurityApp,
  assetUrl,
  continuePastAppropriateness,
  readyInvestor,
  tradingSnapshot,
} from './trading-support.js';

/**
 * Issue 25, "must show": Anna shares her referral link, a new investor registers through it,
 * verifies and invests, and both see the bonus in their accounts.
 */
const LOFT = { id: 'salzburg-altstadt-loft', title: 'Loft in der Altstadt' };

const accountOf = async (api: APIRequestContext) =>
  (
    (await (await api.get('/api/v1/payment/account')).json()) as {
      data: { pastTransactions: { type: string; amount: string }[] };
    }
  ).data;

test('a referral pays both sides when the new investor first invests', async ({ page, browser, baseURL }, testInfo) => {
  test.setTimeout(180_000);
  const anna = await demoInvestor(baseURL ?? '', 'anna');
  const link = await anna.api.get('/api/v1/bonus/referralLink');
  expect(link.status()).toBe(200);
  const { referralLink, referralCode } = (
    (await link.json()) as { data: { referralLink: string; referralCode: string } }
  ).data;
  expect(new URL(referralLink).searchParams.get('referralCode')).toBe(referralCode);
  const annaBonusesBefore = (await accountOf(anna.api)).pastTransactions.filter((row) => row.type === 'bonus').length;

  const { family, phone } = await readyInvestor({ page, browser, baseURL }, testInfo, {
    label: 'nora.referral',
    payInCents: 100_000,
    referralCode,
  });

  // Before investing, the new investor sees the bonus she can earn, with its progress.
  await page.goto(`/${family}/investments`);
  const open = page.getByTestId('open-bonuses');
  await expect(open).toContainText('Bonus für deine erste Investition über eine Empfehlung');
  await expect(open).toContainText('0,00 € von 500,00 € investiert');
  await tradingSnapshot(page, testInfo, 'referral-open-bonus');

  // Her first investment of 500 € (the partner's minimum) qualifies.
  await page.goto(assetUrl(family, LOFT.id));
  await page.getByRole('button', { name: 'Jetzt investieren' }).click();
  await page.getByLabel('Anzahl Anteile').fill('5');
  for (const box of await page.getByRole('checkbox', { name: /gelesen und akzeptiere/ }).all()) await box.check();
  await page.getByRole('button', { name: 'Kostenpflichtig kaufen' }).click();
  await continuePastAppropriateness(page);
  await approveInSecurityApp(phone.securityApp, LOFT.title);
  await expect(page.getByTestId('purchase-success').getByRole('heading', { name: 'Geschafft!' })).toBeVisible();

  // Both see the bonus as a transaction in their account.
  await page.goto(`/${family}/account`);
  await expect(page.getByRole('button', { name: /^Bonus .*\+ 50,00 €$/ })).toBeVisible();
  await expect
    .poll(async () => (await accountOf(anna.api)).pastTransactions.filter((row) => row.type === 'bonus').length)
    .toBe(annaBonusesBefore + 1);

  // The bonus is no longer open, and now she can invite others herself.
  // (Other specs' bonus campaigns, e.g. an app-rating one, may still be open for every investor.)
  await page.goto(`/${family}/investments`);
  await expect(page.getByTestId('referral-card')).toBeVisible();
  await expect(page.getByText('Bonus für deine erste Investition über eine Empfehlung')).toHaveCount(0);
  await tradingSnapshot(page, testInfo, 'referral-card');
});
