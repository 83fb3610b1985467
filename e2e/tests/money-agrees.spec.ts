import fs from 'node:fs';
import path from 'node:path';
import { expect, type Page, type TestInfo, test } from '@playwright/test';
import { logIn } from './auth-support.js';
import { staffLogin } from './backoffice-support.js';
import { closeOpened, DEMO_PASSWORD, demoInvestor } from './bulletin-board-support.js';
import { familyOf, finishFirstOpen, isMobile, screenUrl } from './shell-support.js';
import { assetUrl } from './trading-support.js';

/**
 * Issue 34 "must show", in every route family: the account page as the browser renders it adds up
 * to the balance it shows (fees and bonuses included, each line naming its asset), a purchase shows
 * one amount on its success screen and in the account list, and the back office's reconciliation of
 * the demo is zero with German labels only. Against the real server and its demo seed.
 */
const ANNA = 'anna.berger@demo.brickwise.at';

test.afterEach(closeOpened);
const LOFT = { id: 'salzburg-altstadt-loft', title: 'Loft in der Altstadt' };
const DOCS_DIR = path.join(import.meta.dirname, '../../docs/screenshots');
const SIZES = { phone: { width: 390, height: 844 }, desktop: { width: 1280, height: 800 } } as const;

/** "− 1.234,56 €" / "+ 100,00 €" / "21.658,49 €" as signed cents. */
const cents = (text: string): bigint => {
  const match = text.replace(/\s/g, ' ').match(/^([+−-])?\s*([\d.]+),(\d{2})\s*€$/);
  if (!match) throw new Error(`not an amount: ${text}`);
  const value = BigInt(`${(match[2] ?? '').replace(/\./g, '')}${match[3]}`);
  return match[1] === '−' || match[1] === '-' ? -value : value;
};

/** The picture for docs/screenshots (UPDATE_SCREENSHOTS=1), at 390x844 or 1280x800. */
const shot = async (page: Page, testInfo: TestInfo, name: string, size: keyof typeof SIZES) => {
  const picture = await page.screenshot({ animations: 'disabled' });
  await testInfo.attach(`${name}-${testInfo.project.name}.png`, { body: picture, contentType: 'image/png' });
  // The docs get mobileWeb's phone and the desktop; the native family looks like mobileWeb.
  if (process.env.UPDATE_SCREENSHOTS !== '1' || testInfo.project.name === 'app') return;
  const { width, height } = SIZES[size];
  fs.mkdirSync(DOCS_DIR, { recursive: true });
  fs.writeFileSync(path.join(DOCS_DIR, `money-${name}-${width}x${height}.png`), picture);
};

/** Reads the account page as rendered: the balance and every line that changed it. */
const readAccount = async (page: Page) => {
  await expect(page.getByTestId('past-transactions').getByTestId('transaction-row').first()).toBeVisible();
  const balance = cents((await page.getByTestId('balance').textContent()) ?? '');
  const lines: { label: string; amount: bigint; state: string; pending: boolean }[] = [];
  for (const [section, pending] of [
    ['past-transactions', false],
    ['pending-transactions', true],
  ] as const) {
    for (const row of await page.getByTestId(section).getByTestId('transaction-row').all()) {
      lines.push({
        label: (await row.getByTestId('transaction-label').textContent()) ?? '',
        amount: cents((await row.getByTestId('transaction-amount').textContent()) ?? ''),
        state: (await row.getByTestId('transaction-state').textContent()) ?? '',
        pending,
      });
    }
  }
  // Completed lines changed the balance; of the open ones, only a payout on its way (its money is held).
  const counted = lines.filter(
    (line) =>
      (!line.pending && line.state === 'Abgeschlossen') || (line.pending && line.label.startsWith('Auszahlung')),
  );
  return { balance, lines, sum: counted.reduce((total, line) => total + line.amount, 0n) };
};

test('the account page adds up to its balance, and a purchase shows one amount everywhere', async ({
  page,
  baseURL,
  browser,
}, testInfo) => {
  test.setTimeout(300_000);
  const family = familyOf(testInfo);
  // The projects' own viewports are 390x844 (phone families) and 1280x800 (desktop).
  const size = isMobile(family) ? 'phone' : 'desktop';
  await finishFirstOpen(page, family);
  await logIn(page, family, ANNA, DEMO_PASSWORD);
  await expect(page).not.toHaveURL(screenUrl(family, 'login'));

  await page.goto(`/${family}/account`);
  const before = await readAccount(page);
  expect(before.sum).toBe(before.balance);
  // Each line names its asset by its title, never by its id (slug).
  for (const line of before.lines) expect(line.label).not.toMatch(/\b[a-z0-9]+(?:-[a-z0-9]+){1,}\b/);
  expect(before.lines.some((line) => line.label.includes(' · '))).toBe(true);
  await page.evaluate('window.scrollTo(0, 0)');
  await shot(page, testInfo, 'account', size);

  // A purchase from the issuer: the success screen's amount is the account line's.
  const anna = await demoInvestor(baseURL ?? '', 'anna');
  await page.goto(assetUrl(family, LOFT.id));
  await page.getByRole('button', { name: 'Jetzt investieren' }).click();
  await expect(page).toHaveURL(screenUrl(family, `trading/${LOFT.id}`));
  await page.getByLabel('Anzahl Anteile').fill('2');
  const total = (await page.getByTestId('total').textContent()) ?? '';
  for (const box of await page.getByRole('checkbox', { name: /gelesen und akzeptiere/ }).all()) await box.check();
  await page.getByRole('button', { name: 'Kostenpflichtig kaufen' }).click();
  const appropriateness = page.getByRole('dialog', { name: 'Hinweis zur Angemessenheit' });
  const signing = page.getByRole('heading', { name: 'Jetzt in der Sicherheits-App bestätigen' });
  await expect(appropriateness.or(signing)).toBeVisible();
  if (await appropriateness.isVisible()) await appropriateness.getByRole('button', { name: 'Kauf fortsetzen' }).click();
  await expect(signing).toBeVisible();
  await expect.poll(() => anna.sign(), { timeout: 20_000 }).toBeGreaterThan(0);
  const success = page.getByTestId('purchase-success');
  await expect(success.getByRole('heading', { name: 'Geschafft!' })).toBeVisible();
  await expect(success).toContainText(`${total} wurden von deinem Konto abgebucht`);
  await shot(page, testInfo, 'purchase-success', size);

  await page.goto(`/${family}/account`);
  const line = page
    .getByTestId('past-transactions')
    .getByTestId('transaction-row')
    .filter({ hasText: `Kauf · ${LOFT.title}` })
    .first();
  await expect(line.getByTestId('transaction-amount')).toHaveText(`− ${total}`);
  const after = await readAccount(page);
  expect(after.sum).toBe(after.balance);
  expect(after.balance).toBe(before.balance - cents(total));
  // On tap, the parts of the debited amount: price, fee and bonus.
  await line.click();
  const detail = page.getByRole('dialog', { name: 'Umsatz' });
  await expect(detail.getByTestId('transaction-detail-amount')).toHaveText(`− ${total}`);
  await expect(detail.getByTestId('tx-price')).toHaveText('200,00 €');
  await expect(detail.getByTestId('tx-asset')).toHaveText(LOFT.title);
  await shot(page, testInfo, 'account-purchase-detail', size);

  await page.goto(`/${family}/investments`);
  await expect(page.getByTestId('holding').filter({ hasText: LOFT.title })).toBeVisible();
  for (const loading of await page.getByText('Wird geladen …').all()) await expect(loading).toBeHidden();
  await page.evaluate('window.scrollTo(0, 0)');
  await shot(page, testInfo, 'investments', size);

  // The back office "Geld": the demo reconciles to zero, every book named in German.
  if (family === 'app') return;
  const office = await staffLogin(browser, baseURL ?? '', 'operator');
  // The back office is a desktop application; its phone picture shows how it holds up at 390 px.
  await office.setViewportSize(SIZES[size]);
  await office.getByRole('link', { name: 'Geld', exact: true }).click();
  await expect(office.getByText('Stimmt überein')).toBeVisible();
  const facts = office.getByText('Differenz', { exact: true }).locator('..');
  await expect(facts).toContainText('0,00 €');
  await expect(office.locator('main')).not.toContainText(/\b[a-z]+_[a-z_]+\b/);
  await shot(office, testInfo, 'backoffice-geld', size);

  // The back office's investor page: the balance Anna sees, her lines with their amounts and German words.
  await office.getByRole('link', { name: 'Investoren', exact: true }).click();
  await office.getByLabel('Suche').fill(ANNA);
  await office.getByTestId('table-row').filter({ hasText: ANNA }).click();
  await expect(office.getByTestId('investor-balance')).toBeVisible();
  expect(cents((await office.getByTestId('investor-balance').textContent()) ?? '')).toBe(after.balance);
  const movements = office.getByRole('table', { name: 'Kontobewegungen' });
  const purchase = movements
    .getByTestId('table-row')
    .filter({ hasText: `Kauf · ${LOFT.title}` })
    .first();
  await expect(purchase).toContainText('Abgeschlossen');
  await expect(purchase.getByTestId('investor-transaction-amount')).toHaveText(`− ${total}`);
  await expect(movements).not.toContainText(/\b(success|pending|charged|buy|rent|charge)\b/);
  await purchase.scrollIntoViewIfNeeded();
  await shot(office, testInfo, 'backoffice-investor', size);
  await office.context().close();
});
