import { type Browser, expect, type Page, type TestInfo, test } from '@playwright/test';
import {
  ASSET,
  averagePriceCents,
  BROKERAGE_FEE_BPS,
  closeOpened,
  demoDeleteOffer,
  demoInvestor,
  demoSellOffer,
  eur,
  feeOf,
  giveShares,
  holdingsOf,
  type Investor,
  newInvestor,
  offerIdOnScreen,
  offerUrl,
  openMarket,
  openOfferById,
  TRANSACTION_FEE_BPS,
} from './bulletin-board-support.js';
import { approveInSecurityApp, continuePastAppropriateness, tradingSnapshot } from './trading-support.js';

/**
 * Issue 10, "must show": two investors, each with the reference security app, trade shares of an
 * asset on the secondary market: a public sale (taken in part first), a public buy offer, a 20 %
 * price warning confirmed, a private trade with its approvals and the brokerage fee; balances and
 * holdings afterwards. Real server, fresh database.
 *
 * Every flow runs in all three families. Shares of an asset traded between investors come from
 * the demo investor Anna Berger (no call moves a fresh asset to the secondary market): each family
 * takes 6 of her 40 shares of the asset, and every run starts on a fresh database.
 */

const PAY_IN_CENTS = 300_000n;

/** The price as a user types it: 12345 → "123,45". */
const priceInput = (cents: bigint) => `${cents / 100n},${(cents % 100n).toString().padStart(2, '0')}`;

const balanceOnAccount = async (investor: Investor) => {
  await investor.page.goto(`/${investor.family}/account`);
  return investor.page.getByTestId('balance');
};

const holdingOnInvestments = async (investor: Investor) => {
  await investor.page.goto(`/${investor.family}/investments`);
  return investor.page.getByTestId('holding').filter({ hasText: ASSET.title }).getByTestId('holding-shares');
};

/** From a market tab to the create-offer form (a screen of its own on desktop, in the tab on the phones). */
const startOffer = async (investor: Investor, type: 'buy' | 'sell') => {
  await openMarket(investor, type);
  await investor.page
    .getByRole('link', { name: type === 'buy' ? 'Kaufangebot erstellen' : 'Verkaufsangebot erstellen' })
    .click();
  await expect(investor.page.getByTestId('create-offer')).toBeVisible();
};

const fillOffer = async (page: Page, shares: number, priceCents?: bigint) => {
  await page.getByLabel('Anzahl Anteile').fill(String(shares));
  if (priceCents !== undefined) await page.getByLabel('Preis pro Anteil in €').fill(priceInput(priceCents));
};

/** After creating: the offer waits for the owner's signature, then it is open. */
const signOffer = async (investor: Investor) => {
  await expect(investor.page.getByTestId('offer-signing')).toBeVisible();
  await approveInSecurityApp(investor.securityApp, ASSET.title);
  await expect(investor.page.getByTestId('offer-status')).toHaveText('Offen');
  return offerIdOnScreen(investor.page);
};

/**
 * Two investors of this family: Max holds 2 shares, bought from the demo investor at the 30-day
 * average; Lena has only money. Answers Max's cash after that purchase.
 */
const buyerAndSeller = async (
  { browser, baseURL }: { readonly browser: Browser; readonly baseURL: string | undefined },
  testInfo: TestInfo,
  labels: { readonly buyer: string; readonly seller: string },
) => {
  test.setTimeout(240_000);
  const base = baseURL ?? '';
  const anna = await demoInvestor(base, 'anna');
  const price = await averagePriceCents(anna.api);
  const max = await newInvestor(browser, base, testInfo, labels.seller, PAY_IN_CENTS);
  const lena = await newInvestor(browser, base, testInfo, labels.buyer, PAY_IN_CENTS);
  await giveShares(anna, max, 2, price);
  const maxCash = PAY_IN_CENTS - price * 2n - feeOf(price * 2n, TRANSACTION_FEE_BPS);
  return { anna, price, max, lena, maxCash };
};

test.describe('bulletin board', () => {
  test.afterEach(closeOpened);

  test('public sale: a sell offer taken in part, then the buyer sells on to a second investor by offer ID', async ({
    browser,
    baseURL,
  }, testInfo) => {
    test.setTimeout(240_000);
    const base = baseURL ?? '';
    const anna = await demoInvestor(base, 'anna');
    const price = await averagePriceCents(anna.api);
    const lena = await newInvestor(browser, base, testInfo, 'lena.board', PAY_IN_CENTS);
    const offerId = await demoSellOffer(anna, 3, price);

    // The buy tab: offers to buy from with the lowest price and the depth, and the create buttons.
    await openMarket(lena, 'buy');
    const row = lena.page.locator(`[data-offer-id="${offerId}"]`);
    await expect(row.getByTestId('offer-shares')).toHaveText('3 Anteile');
    await expect(row.getByTestId('offer-price')).toHaveText(eur(price));
    await expect(lena.page.getByTestId('depth-level').first()).toBeVisible();
    await tradingSnapshot(lena.page, testInfo, 'bulletin-board-buy-tab');

    // A partial fill: 2 of the 3 shares.
    await row.click();
    await expect(lena.page).toHaveURL(offerUrl(lena.family, 'buy', offerId));
    await lena.page.getByLabel('Anzahl Anteile').fill('2');
    const volume = price * 2n;
    const fee = feeOf(volume, TRANSACTION_FEE_BPS);
    await expect(lena.page.getByTestId('total-price')).toHaveText(eur(volume));
    await expect(lena.page.getByTestId('transaction-fee')).toHaveText(eur(fee));
    await expect(lena.page.getByTestId('transaction-total')).toHaveText(eur(volume + fee));
    await tradingSnapshot(lena.page, testInfo, 'bulletin-board-take');
    await lena.page.getByRole('button', { name: 'Kostenpflichtig kaufen' }).click();
    await continuePastAppropriateness(lena.page);
    await expect(lena.page.getByTestId('trade-signing')).toBeVisible();
    await approveInSecurityApp(lena.securityApp, ASSET.title);
    const done = lena.page.getByTestId('trade-completed');
    await expect(done.getByTestId('new-holding')).toHaveText('2 Anteile');
    await expect(done.getByTestId('new-balance')).toHaveText(eur(PAY_IN_CENTS - volume - fee));
    await tradingSnapshot(lena.page, testInfo, 'bulletin-board-completed');
    // The rest of Anna's offer stays open.
    const rest = await anna.api.get(`/api/v1/bulletinboard/offer/${offerId}`);
    expect((await rest.json()).data).toMatchObject({ status: 'open', sharesAmount: 1, sharesSettled: 2 });
    await demoDeleteOffer(anna, offerId);

    // Lena offers her 2 shares on the board.
    await startOffer(lena, 'sell');
    await fillOffer(lena.page, 2);
    await expect(lena.page.getByTestId('transaction-total')).toHaveText(eur(volume - fee));
    await tradingSnapshot(lena.page, testInfo, 'bulletin-board-create-sell');
    await lena.page.getByRole('button', { name: 'Verkaufsangebot erstellen' }).click();
    await expect(lena.page).toHaveURL(/(trading-offer-overview|\/sell\/)/);
    const sellOfferId = await signOffer(lena);
    expect((await holdingsOf(lena.page)).availableShares).toBe(0);

    // Max opens it by its ID and buys both.
    const max = await newInvestor(browser, base, testInfo, 'max.board', PAY_IN_CENTS);
    await openMarket(max, 'buy');
    await openOfferById(max, sellOfferId);
    await expect(max.page.getByTestId('transaction-total')).toHaveText(eur(volume + fee));
    await max.page.getByRole('button', { name: 'Kostenpflichtig kaufen' }).click();
    await continuePastAppropriateness(max.page);
    await approveInSecurityApp(max.securityApp, ASSET.title);
    await expect(max.page.getByTestId('trade-completed').getByTestId('new-holding')).toHaveText('2 Anteile');
    // Lena's overview follows live: closed, proceeds credited.
    await expect(lena.page.getByTestId('offer-status')).toHaveText('Abgeschlossen');
    await expect(lena.page.getByTestId('trade-completed')).toBeVisible();

    await expect(await balanceOnAccount(lena)).toHaveText(eur(PAY_IN_CENTS - volume - fee + volume - fee));
    await expect(await balanceOnAccount(max)).toHaveText(eur(PAY_IN_CENTS - volume - fee));
    await expect(await holdingOnInvestments(max)).toHaveText('2 Anteile');
    expect((await holdingsOf(lena.page)).sharesCount).toBe(0);
    await closeOpened();
  });

  test('public buy offer with a 20 % warning confirmed and deleted, then a bid a seller sells into', async ({
    browser,
    baseURL,
  }, testInfo) => {
    const { price, max, lena, maxCash } = await buyerAndSeller({ browser, baseURL }, testInfo, {
      buyer: 'lena.bid',
      seller: 'max.seller',
    });

    // More than 10 % off the 30-day average: an info. More than 20 %: the confirmation.
    await startOffer(lena, 'buy');
    await fillOffer(lena.page, 1, (price * 115n) / 100n);
    await expect(lena.page.getByTestId('price-warning-info')).toBeVisible();
    await fillOffer(lena.page, 1, (price * 125n) / 100n);
    await expect(lena.page.getByTestId('price-warning-confirm')).toBeVisible();
    await lena.page.getByRole('button', { name: 'Kaufangebot erstellen' }).click();
    const dialog = lena.page.getByRole('dialog', { name: 'Preis weicht stark ab' });
    await expect(dialog).toBeVisible();
    await tradingSnapshot(lena.page, testInfo, 'bulletin-board-price-warning');
    await dialog.getByRole('button', { name: 'Ja, Preis bestätigen' }).click();
    await continuePastAppropriateness(lena.page);
    const highId = await signOffer(lena);
    const high = await lena.page.request.get(`/api/v1/bulletinboard/offer/${highId}`);
    expect((await high.json()).data).toMatchObject({
      acceptedWarnings: ['Accepted20PercentDifference'],
      priceWarning: { level: 'confirm' },
    });
    // Deleting it gives the reserved money back.
    await lena.page.getByRole('button', { name: 'Angebot löschen' }).click();
    await lena.page
      .getByRole('dialog', { name: 'Angebot löschen?' })
      .getByRole('button', { name: 'Ja, löschen' })
      .click();
    await expect(lena.page.getByTestId('offer-status')).toHaveText('Gelöscht');
    expect((await holdingsOf(lena.page)).cashCents).toBe(PAY_IN_CENTS);

    // A bid at the average: price and fee are reserved.
    const volume = price * 2n;
    const fee = feeOf(volume, TRANSACTION_FEE_BPS);
    await startOffer(lena, 'buy');
    await fillOffer(lena.page, 2, price);
    await expect(lena.page.getByTestId('transaction-total')).toHaveText(eur(volume + fee));
    await lena.page.getByRole('button', { name: 'Kaufangebot erstellen' }).click();
    await continuePastAppropriateness(lena.page);
    const bidId = await signOffer(lena);
    expect((await holdingsOf(lena.page)).cashCents).toBe(PAY_IN_CENTS - volume - fee);

    // Max sells into it from the sell tab.
    await openMarket(max, 'sell');
    await max.page.locator(`[data-offer-id="${bidId}"]`).click();
    await expect(max.page).toHaveURL(offerUrl(max.family, 'sell', bidId));
    await expect(max.page.getByTestId('transaction-total')).toHaveText(eur(volume - fee));
    await max.page.getByRole('button', { name: 'Verbindlich verkaufen' }).click();
    await approveInSecurityApp(max.securityApp, ASSET.title);
    await expect(max.page.getByTestId('trade-completed').getByTestId('new-holding')).toHaveText('0 Anteile');
    await expect(max.page.getByTestId('trade-completed').getByTestId('new-balance')).toHaveText(
      eur(maxCash + volume - fee),
    );
    // Lena's overview follows live.
    await expect(lena.page.getByTestId('trade-completed').getByTestId('new-holding')).toHaveText('2 Anteile');

    await expect(await balanceOnAccount(lena)).toHaveText(eur(PAY_IN_CENTS - volume - fee));
    await expect(await holdingOnInvestments(lena)).toHaveText('2 Anteile');
    await closeOpened();
  });

  test('private trade: contact details, the approvals of both sides, signing, final release and the brokerage fee', async ({
    browser,
    baseURL,
  }, testInfo) => {
    const { price, max, lena, maxCash } = await buyerAndSeller({ browser, baseURL }, testInfo, {
      buyer: 'lena.private',
      seller: 'max.private',
    });
    const volume = price * 2n;
    const brokerage = feeOf(volume, BROKERAGE_FEE_BPS);

    // Max, the seller, offers privately: in a private trade only the buyer pays a fee.
    await startOffer(max, 'sell');
    await fillOffer(max.page, 2, price);
    await max.page.getByRole('radio', { name: /Privat/ }).check();
    await expect(max.page.getByTestId('transaction-fee')).toHaveText(eur(0n));
    await max.page.getByRole('button', { name: 'Verkaufsangebot erstellen' }).click();
    const offerId = await signOffer(max);

    // Lena, the buyer, opens it by ID and sends her interest; only the brokerage fee is reserved.
    await openMarket(lena, 'buy');
    await openOfferById(lena, offerId);
    await expect(lena.page.getByTestId('transaction-fee')).toHaveText(eur(brokerage));
    await expect(lena.page.getByTestId('transaction-total')).toHaveText(eur(brokerage));
    await lena.page.getByRole('button', { name: 'Kaufinteresse senden' }).click();
    await continuePastAppropriateness(lena.page);
    await expect(lena.page.getByTestId('contact-details')).toContainText('max.private');
    await expect(lena.page.getByTestId('brokerage-fee')).toContainText(eur(brokerage));
    const step = (page: Page, state: string) => page.locator(`[data-testid="progress-step"][data-state="${state}"]`);

    // contactDetails (buyer) → sellerAcceptance and payment (seller) → buyerRelease (buyer).
    await lena.page.getByRole('button', { name: 'Ich habe den Verkäufer kontaktiert' }).click();
    await expect(step(lena.page, 'current')).toHaveText(/Annahme durch Verkäufer/);
    await expect(lena.page.getByTestId('waiting-for')).toHaveText('Jetzt ist der Verkäufer dran.');
    await tradingSnapshot(lena.page, testInfo, 'bulletin-board-private-progress');
    await expect(max.page.getByTestId('contact-details')).toContainText('lena.private');
    await max.page.getByRole('button', { name: 'Käufer annehmen' }).click();
    await max.page.getByRole('button', { name: 'Zahlung erhalten' }).click();

    // The open offer shows in Lena's investments with its step.
    const investments = await lena.page.context().newPage();
    await investments.goto(`/${lena.family}/investments`);
    const open = investments.getByTestId('open-offer').filter({ hasText: ASSET.title });
    await expect(open.getByTestId('open-offer-progress')).toHaveText('Freigabe durch Käufer');
    await tradingSnapshot(investments, testInfo, 'bulletin-board-investments');
    await investments.close();

    await lena.page.getByRole('button', { name: 'Handel freigeben' }).click();
    // Signing: both confirm in their security apps; then the seller releases the shares.
    await expect(lena.page.getByTestId('trade-signing')).toBeVisible();
    await approveInSecurityApp(lena.securityApp, ASSET.title);
    await expect(max.page.getByTestId('trade-signing')).toBeVisible();
    await approveInSecurityApp(max.securityApp, ASSET.title);
    await max.page.getByRole('button', { name: 'Anteile endgültig freigeben' }).click();
    await expect(max.page.getByTestId('trade-completed')).toBeVisible();
    await expect(step(max.page, 'done')).toHaveCount(7);

    // Lena has the shares and paid only the brokerage fee through the account; Max's account is unchanged.
    const done = lena.page.getByTestId('trade-completed');
    await expect(done.getByTestId('new-holding')).toHaveText('2 Anteile');
    await expect(done.getByTestId('new-balance')).toHaveText(eur(PAY_IN_CENTS - brokerage));
    await tradingSnapshot(lena.page, testInfo, 'bulletin-board-private-done');
    await expect(await balanceOnAccount(lena)).toHaveText(eur(PAY_IN_CENTS - brokerage));
    await expect(await balanceOnAccount(max)).toHaveText(eur(maxCash));
    await expect(await holdingOnInvestments(lena)).toHaveText('2 Anteile');
    expect((await holdingsOf(max.page)).sharesCount).toBe(0);
    await closeOpened();
  });
});
