import { createPrivateKey, sign } from 'node:crypto';
import {
  type APIRequestContext,
  type Browser,
  type BrowserContextOptions,
  expect,
  type Page,
  request,
  type TestInfo,
} from '@playwright/test';
import { readDemoFile } from './demo-files.js';
import { type Family, familyOf, isMobile } from './shell-support.js';
import { approveInSecurityApp, csrfHeaders, readyInvestor } from './trading-support.js';

/**
 * Shared steps of the bulletin-board spec (issue 10). Investors in their own browser contexts
 * (two phones or two desktops), each with the reference security app linked in a context of its
 * own. Shares of an asset traded between investors come from a demo investor (README "Demo
 * investors"): there is no call that moves a fresh asset to the secondary market, so Anna Berger
 * offers shares and signs with her demo key (DATA_DIR/demo), as the command-line signer would.
 */

type Envelope<T> = { data: T };

export type TradedAsset = { id: string; title: string };
export const ASSET: TradedAsset = { id: 'wien-ottakring-zinshaus', title: 'Zinshaus Ottakring' };
export const DEMO_PASSWORD = 'Ziegel-Demo-2026';

/** The demo partner's rates (seed): transaction fee 1 %, brokerage fee 0.5 % (spec section 9). */
export const TRANSACTION_FEE_BPS = 100n;
export const BROKERAGE_FEE_BPS = 50n;

/** Basis points of a volume, rounded half up to the cent (packages/domain feeRoundedHalfUp). */
export const feeOf = (volumeCents: bigint, feeBps: bigint): bigint => (volumeCents * feeBps * 2n + 10_000n) / 20_000n;

/** "1.234,56 €" as the screens write cents in de-AT. */
export const eur = (cents: bigint): string => {
  const negative = cents < 0n;
  const abs = negative ? -cents : cents;
  const euros = (abs / 100n).toString().replace(/\B(?=(\d{3})+(?!\d))/g, '.');
  return `${negative ? '-' : ''}${euros},${(abs % 100n).toString().padStart(2, '0')} €`;
};

const ok = async (response: { status: () => number; text: () => Promise<string> }) =>
  expect(response.status(), await response.text()).toBe(200);

/** The project's device (viewport, user agent of the native shell, locale) for another investor's context. */
export const familyContextOptions = (testInfo: TestInfo, baseURL: string): BrowserContextOptions => {
  const use = testInfo.project.use;
  return {
    baseURL,
    viewport: use.viewport,
    userAgent: use.userAgent,
    deviceScaleFactor: use.deviceScaleFactor,
    isMobile: use.isMobile,
    hasTouch: use.hasTouch,
    locale: use.locale,
    timezoneId: use.timezoneId,
  };
};

export type Investor = {
  readonly page: Page;
  readonly securityApp: Page;
  readonly family: Family;
  readonly payInCents: bigint;
  readonly close: () => Promise<void>;
};

/** A verified investor with money and the reference security app, in a browser context of its own. */
export const newInvestor = async (
  browser: Browser,
  baseURL: string,
  testInfo: TestInfo,
  label: string,
  payInCents: bigint,
): Promise<Investor> => {
  const context = await browser.newContext(familyContextOptions(testInfo, baseURL));
  const page = await context.newPage();
  const { family, phone } = await readyInvestor({ page, browser, baseURL }, testInfo, {
    label,
    payInCents: Number(payInCents),
  });
  const close = async () => {
    opened.delete(close);
    await phone.close();
    await context.close();
  };
  opened.add(close);
  return {
    page,
    securityApp: phone.securityApp,
    family,
    payInCents,
    close,
  };
};

/** Everything a test opened, closed after it whether it passed or not (see `closeOpened`). */
const opened = new Set<() => Promise<void>>();

export const closeOpened = async () => {
  const closers = [...opened];
  opened.clear();
  await Promise.allSettled(closers.map((close) => close()));
};

/** A demo investor's session for calls, and her security app's key. */
export type DemoInvestor = { readonly api: APIRequestContext; readonly sign: () => Promise<number> };

/** The seeded demo investors (README "Demo investors"; apps/api/src/seed/investors-content.ts). */
const DEMO_EMAILS = {
  anna: 'anna.berger@demo.brickwise.at',
  ben: 'ben.huber@demo.brickwise.at',
  clara: 'clara.novak@demo.brickwise.at',
  david: 'david.wimmer@demo.brickwise.at',
  emil: 'emil.leitner@demo.brickwise.at',
} as const;

export const demoInvestor = async (baseURL: string, name: keyof typeof DEMO_EMAILS): Promise<DemoInvestor> => {
  const anonymous = await request.newContext({ baseURL });
  const email = DEMO_EMAILS[name];
  const login = await anonymous.post('/auth/login', { data: { email, password: DEMO_PASSWORD } });
  await ok(login);
  const { csrfToken } = ((await login.json()) as Envelope<{ csrfToken: string }>).data;
  // Her session, with the CSRF header on every call (ADR 0003).
  const api = await request.newContext({
    baseURL,
    storageState: await anonymous.storageState(),
    extraHTTPHeaders: { 'x-csrf-token': csrfToken },
  });
  await anonymous.dispose();
  const dispose = async () => {
    opened.delete(dispose);
    await api.dispose();
  };
  opened.add(dispose);
  const key = createPrivateKey(
    readDemoFile<{ privateKeyPkcs8Pem: string }>(`${name}-security-app-key.json`).privateKeyPkcs8Pem,
  );
  /** Signs every pending request, as her security app would; answers how many. */
  const signPending = async () => {
    const list = await api.get('/api/v1/securityApp/signingRequests?status=pending');
    await ok(list);
    const pending = ((await list.json()) as Envelope<{ id: string; canonicalPayload: string }[]>).data;
    for (const item of pending) {
      const signature = sign(null, Buffer.from(item.canonicalPayload, 'utf8'), key).toString('base64url');
      await ok(await api.post(`/api/v1/securityApp/signingRequests/${item.id}/signature`, { data: { signature } }));
    }
    return pending.length;
  };
  return { api, sign: signPending };
};

/** The 30-day volume-weighted average price of the asset (spec section 5), in cents. */
export const averagePriceCents = async (api: APIRequestContext, asset: TradedAsset = ASSET): Promise<bigint> => {
  const response = await api.get(`/api/v1/assets/transactionMetadata/${asset.id}`);
  await ok(response);
  const average = ((await response.json()) as Envelope<{ averagePrice30DaysCents: string | null }>).data
    .averagePrice30DaysCents;
  if (!average) throw new Error('no 30-day average price');
  return BigInt(average);
};

/** An open public sell offer of a demo investor, signed with their key. */
export const demoSellOffer = async (
  demo: DemoInvestor,
  sharesAmount: number,
  priceCents: bigint,
  asset: TradedAsset = ASSET,
  /** `Accepted20PercentDifference` for a price more than 20 % off the 30-day average (spec section 5). */
  acceptedWarnings: readonly string[] = [],
) => {
  const created = await demo.api.post('/api/v1/bulletinboard/offer', {
    data: { assetId: asset.id, type: 'sell', sharesAmount, price: priceCents.toString(), acceptedWarnings },
  });
  await ok(created);
  expect(await demo.sign()).toBe(1);
  return ((await created.json()) as Envelope<{ offerId: string }>).data.offerId;
};

/** Deletes what is left of the demo investor's offer (the shares go back to her). */
export const demoDeleteOffer = async (demo: DemoInvestor, offerId: string) => {
  await ok(await demo.api.post('/api/v1/bulletinboard/offer/deleteRequest', { data: { offerId } }));
};

/**
 * Setup: the investor buys `shares` from the demo investor through the calls (having continued past
 * the appropriateness warning, as the screen asks) and signs in her security app.
 */
export const giveShares = async (
  demo: DemoInvestor,
  investor: Investor,
  shares: number,
  priceCents: bigint,
  asset: TradedAsset = ASSET,
) => {
  const offerId = await demoSellOffer(demo, shares, priceCents, asset);
  await ok(
    await investor.page.request.post('/api/v1/bulletinboard/offer/interestedParty', {
      headers: await csrfHeaders(investor.page),
      data: { offerId, shares, acknowledgedAppropriateness: true },
    }),
  );
  await approveInSecurityApp(investor.securityApp, asset.title);
  await expect
    .poll(async () => (await holdingsOf(investor.page, asset)).sharesCount, { intervals: [250, 500, 1_000] })
    .toBe(shares);
};

/** Shares and cash as the bulletin board's holdings call states them. */
export const holdingsOf = async (page: Page, asset: TradedAsset = ASSET) => {
  const response = await page.request.get(`/api/v1/bulletinboard/holdings?assetId=${asset.id}`);
  await ok(response);
  const { data } = (await response.json()) as Envelope<{
    availableAmount: string;
    assets: { assetId: string; sharesCount: number; availableShares: number }[];
  }>;
  const holding = data.assets.find((entry) => entry.assetId === asset.id);
  return {
    cashCents: BigInt(data.availableAmount),
    sharesCount: holding?.sharesCount ?? 0,
    availableShares: holding?.availableShares ?? 0,
  };
};

/** `trading/{id}` on a market tab. */
export const openMarket = async (investor: Investor, tab: 'buy' | 'sell') => {
  await investor.page.goto(`/${investor.family}/trading/${ASSET.id}?market=${tab}`);
  await expect(investor.page.getByTestId(`market-panel-${tab}`)).toBeVisible();
};

/** The offer-ID overlay: opens an offer someone shared by its ID. */
export const openOfferById = async (investor: Investor, offerId: string) => {
  await investor.page.getByRole('button', { name: 'Angebots-ID' }).click();
  const dialog = investor.page.getByRole('dialog', { name: 'Angebot per ID öffnen' });
  await dialog.getByLabel('Angebots-ID').fill(offerId);
  await dialog.getByRole('button', { name: 'Angebot öffnen' }).click();
  await expect(investor.page.getByTestId('offer-id')).toHaveText(offerId);
};

/** The URL of an offer's screen: desktop nests it under trading/{id}; the phones have the overviews. */
export const offerUrl = (family: Family, side: 'buy' | 'sell', offerId: string): RegExp =>
  isMobile(family)
    ? new RegExp(`/${family}/${side === 'buy' ? 'buy-offer-overview' : 'trading-offer-overview'}/${offerId}$`)
    : new RegExp(`/desktopWeb/trading/${ASSET.id}/${side}/${offerId}$`);

export const offerIdOnScreen = async (page: Page): Promise<string> =>
  (await page.getByTestId('offer-id').textContent())?.trim() ?? '';

export { familyOf };
