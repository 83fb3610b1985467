import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { type Browser, type BrowserContext, expect, type Page, type TestInfo } from '@playwright/test';
import { deliverWebhooks, openWallet, registerAndLogIn, simulateTransfer } from './account-support.js';
import { uniqueEmail } from './auth-support.js';
import { type Family, familyOf, finishFirstOpen, isMobile } from './shell-support.js';

/**
 * Shared steps of the primary-market specs (issue 9): a verified investor with money and a linked
 * reference security app (a second browser context, as on a second phone).
 */

type Envelope<T> = { data: T };

export const PASSWORD = 'Ziegelstein-Anteil-2026';
const PHONE = { width: 390, height: 844 };
const FROM_IBAN = 'AT611904300234573201';

/** The session's CSRF token (ADR 0003: the readable `bw_csrf` cookie), for state-changing calls. */
export const csrfHeaders = async (page: Page): Promise<Record<string, string>> => {
  const cookie = (await page.context().cookies()).find((item) => item.name === 'bw_csrf');
  return cookie ? { 'x-csrf-token': decodeURIComponent(cookie.value) } : {};
};

const ok = async (response: { status: () => number; text: () => Promise<string> }) =>
  expect(response.status(), await response.text()).toBe(200);

/**
 * The identification's Address and Birthday steps through their calls: the trade rules read
 * residence and age from them (ADR 0040). No tax IDs: those are given where a test needs them.
 */
export const enterPersonalData = async (page: Page, email: string) => {
  const headers = await csrfHeaders(page);
  // A birth date of its own per investor (1950–1999): the test investors share their names, and
  // name plus birth date is what tells two people apart (the referral programme's check).
  const days = Number.parseInt(createHash('sha256').update(email).digest('hex').slice(0, 8), 16) % (50 * 365);
  const birthDate = new Date(Date.UTC(1950, 0, 1) + days * 86_400_000).toISOString().slice(0, 10);
  await ok(
    await page.request.put('/api/v2/user/personalInformation/address', {
      headers,
      data: { street: 'Mariahilfer Straße 12', postcode: '1060', city: 'Wien', domicile: 'AT' },
    }),
  );
  await ok(
    await page.request.put('/api/v2/user/personalInformation/birthDate', {
      headers,
      data: { birthDate },
    }),
  );
};

/** Registered, logged in, with address and birth date, verified (sandbox shortcut), with a payment account. */
export const verifiedInvestor = async (
  page: Page,
  testInfo: TestInfo,
  family: Family,
  label: string,
  referralCode?: string,
) => {
  const email = uniqueEmail(testInfo, label);
  await finishFirstOpen(page, family);
  await registerAndLogIn(page, {
    email,
    firstName: 'Lena',
    lastName: 'Huber',
    password: PASSWORD,
    ...(referralCode ? { referralCode } : {}),
  });
  await enterPersonalData(page, email);
  await ok(await page.request.post('/api/v1/dev/users/verify', { headers: await csrfHeaders(page), data: { email } }));
  const wallet = await openWallet(page, email);
  return { email, wallet };
};

/** Money in through the sandbox PSP: a transfer from the investor's own bank account, delivered at once. */
export const payIn = async (page: Page, iban: string, amountCents: number) => {
  await simulateTransfer(page, { iban, amountCents, name: 'Lena Huber', fromIban: FROM_IBAN });
  await deliverWebhooks(page);
};

/** The tax answers a German product needs (spec section 5): a German tax ID and the church-tax answer. */
export const addGermanTaxAnswers = async (page: Page) => {
  const headers = await csrfHeaders(page);
  await ok(
    await page.request.put('/api/v2/user/account/taxId', { headers, data: { taxId: '86095742719', country: 'DE' } }),
  );
  await ok(await page.request.put('/api/v2/user/account/churchTax', { headers, data: { hasChurchTax: false } }));
};

/**
 * Links the reference security app (/security-app/) in its own context. The phone families take
 * the pairing code from the security-app-integration screen; desktop has no such screen (spec
 * section 2) and asks for the code directly.
 */
export const linkSecurityApp = async (browser: Browser, page: Page, family: Family, baseURL: string) => {
  let pairingCode = '';
  if (isMobile(family)) {
    await page.goto(`/${family}/security-app-integration`);
    await page.getByRole('button', { name: 'Kopplungscode anzeigen' }).click();
    pairingCode = (await page.getByTestId('pairing-code').textContent()) ?? '';
  } else {
    const response = await page.request.post('/api/v1/securityApp/pairing', {
      headers: await csrfHeaders(page),
      data: {},
    });
    await ok(response);
    pairingCode = ((await response.json()) as Envelope<{ pairingCode: string }>).data.pairingCode;
  }
  const phone: BrowserContext = await browser.newContext({ baseURL, viewport: PHONE, acceptDownloads: true });
  const securityApp = await phone.newPage();
  await securityApp.goto('/security-app/');
  await securityApp.getByLabel('Kopplungscode').fill(pairingCode);
  await securityApp.getByRole('button', { name: 'Koppeln' }).click();
  await Promise.all([
    securityApp.waitForEvent('download'),
    securityApp.getByRole('button', { name: 'Wiederherstellungsdatei herunterladen' }).click(),
  ]);
  await securityApp.getByRole('button', { name: 'Weiter' }).click();
  await expect(securityApp.getByText('Keine offenen Anfragen.')).toBeVisible();
  return { securityApp, close: () => phone.close() };
};

type Fixtures = { readonly page: Page; readonly browser: Browser; readonly baseURL: string | undefined };

/**
 * The starting point of every purchase spec: a verified investor in this project's family, with
 * money paid in (when asked), the German tax answers (when asked) and a linked security app.
 */
export const readyInvestor = async (
  { page, browser, baseURL }: Fixtures,
  testInfo: TestInfo,
  options: {
    readonly label: string;
    readonly payInCents?: number;
    readonly germanTaxAnswers?: boolean;
    /** Registers through a referral link (issue 25). */
    readonly referralCode?: string;
  },
) => {
  const family = familyOf(testInfo);
  const { wallet } = await verifiedInvestor(page, testInfo, family, options.label, options.referralCode);
  if (options.payInCents) await payIn(page, wallet.IBAN, options.payInCents);
  if (options.germanTaxAnswers) await addGermanTaxAnswers(page);
  const phone = await linkSecurityApp(browser, page, family, baseURL ?? '');
  return { family, phone };
};

/** Approves the open request about `assetTitle` in the reference security app. */
export const approveInSecurityApp = async (securityApp: Page, assetTitle: string) => {
  const card = securityApp.getByTestId('signing-request').filter({ hasText: assetTitle });
  await expect(card).toBeVisible();
  await card.getByRole('button', { name: 'Bestätigen' }).click();
  await expect(card).toHaveCount(0);
};

/** The asset page of a family (desktop has the details sub-page). */
export const assetUrl = (family: Family, assetId: string) =>
  isMobile(family) ? `/${family}/asset/${assetId}` : `/${family}/asset/${assetId}/details`;

/** Sandbox bank and notary (builder-owner model). */
export const purchaseEvent = async (
  page: Page,
  transactionId: string,
  event: 'paymentReceived' | 'notaryDocumentsReceived',
) => {
  await ok(
    await page.request.post('/api/v1/dev/primary/purchaseEvent', {
      headers: await csrfHeaders(page),
      data: { transactionId, event },
    }),
  );
};

const DOCS_DIR = path.join(import.meta.dirname, '../../docs/screenshots');
/** Every picture of a run, for looking at (not committed). */
const REVIEW_DIR = path.join(import.meta.dirname, '../../.tmp/trading-shots');
type Size = { readonly width: number; readonly height: number };
const SCREENSHOT_SIZES = { phone: { width: 390, height: 844 }, desktop: { width: 1440, height: 900 } } as const;

/**
 * The screen for the eye at 390x844 (mobileWeb) and 1440x900 (desktopWeb): always attached to the
 * report; written to docs/screenshots/trading-*.png with UPDATE_SCREENSHOTS=1.
 */
export const tradingSnapshot = async (
  page: Page,
  testInfo: TestInfo,
  name: string,
  /**
   * A dialog's backdrop covers the viewport only: take those as the viewport. `desktop` overrides
   * the desktop size (the map and chart pictures of issue 27 are 1280x800).
   */
  { dialog = false, desktop = SCREENSHOT_SIZES.desktop }: { readonly dialog?: boolean; readonly desktop?: Size } = {},
) => {
  const project = testInfo.project.name;
  if (project !== 'mobileWeb' && project !== 'desktopWeb') return;
  const phone = project === 'mobileWeb';
  const size = phone ? SCREENSHOT_SIZES.phone : desktop;
  const before = page.viewportSize();
  await page.setViewportSize(size);
  // From the top, so the sticky header sits where it belongs in a full-page picture.
  if (!dialog) await page.evaluate('window.scrollTo(0, 0)');
  const file = `${name}-${size.width}x${size.height}.png`;
  const shot = await page.screenshot({ animations: 'disabled', fullPage: !dialog });
  await testInfo.attach(`${name}-${project}.png`, { body: shot, contentType: 'image/png' });
  fs.mkdirSync(REVIEW_DIR, { recursive: true });
  fs.writeFileSync(path.join(REVIEW_DIR, file), shot);
  // The phone's tab bar is fixed, so the docs get the phone's first screen and the desktop's whole page.
  if (process.env.UPDATE_SCREENSHOTS === '1')
    await page.screenshot({ path: path.join(DOCS_DIR, file), animations: 'disabled', fullPage: !phone && !dialog });
  if (before) await page.setViewportSize(before);
};

/**
 * Every buy, from the issuer or on the bulletin board, asks a buyer whose knowledge and experience
 * do not fit the product to continue past the appropriateness warning (spec section 5, issue 25).
 */
export const continuePastAppropriateness = async (page: Page) => {
  const dialog = page.getByRole('dialog', { name: 'Hinweis zur Angemessenheit' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Kauf fortsetzen' }).click();
};
