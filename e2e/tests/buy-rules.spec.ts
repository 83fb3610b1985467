import { expect, test } from '@playwright/test';
import {
  averagePriceCents,
  closeOpened,
  demoDeleteOffer,
  demoInvestor,
  demoSellOffer,
  newInvestor,
  type TradedAsset,
} from './bulletin-board-support.js';
import { type Family, isMobile } from './shell-support.js';
import { approveInSecurityApp, continuePastAppropriateness, csrfHeaders, tradingSnapshot } from './trading-support.js';

/**
 * Issue 35, "Buy rules on every buy" (ADR 0040), must show: a buy on the bulletin board asks what a
 * purchase from the issuer asks. An investor without an Austrian tax ID tries to buy shares of an
 * Austrian participation right from another investor and sees the German refusal with the way to
 * the settings; with the tax ID given, taking an offer more than 20 % above the 30-day average asks
 * for the confirmation before anything is sent, and the trade goes on to the signature.
 *
 * The shares come from the demo investor Ben Huber, who holds 30 of the solar park (README "Demo
 * investors"); each family takes one.
 */

/** Secondary market, participation right (equity) of an Austrian issuer: an Austrian tax ID is needed. */
const SOLAR_PARK: TradedAsset = { id: 'pv-weinviertel-freiflaeche', title: 'Solarpark Weinviertel' };
const PAY_IN_CENTS = 200_000n;
const PHONE_AND_DESKTOP = { width: 1280, height: 800 } as const;

const offerScreen = (family: Family, offerId: string) =>
  isMobile(family) ? `/${family}/buy-offer-overview/${offerId}` : `/desktopWeb/trading/${SOLAR_PARK.id}/buy/${offerId}`;

test.describe('buy rules on every buy', () => {
  test.afterEach(closeOpened);

  test('a bulletin-board buy without a tax ID is refused in German; an offer 20 % off the average asks for the confirmation', async ({
    browser,
    baseURL,
  }, testInfo) => {
    test.setTimeout(240_000);
    const base = baseURL ?? '';
    const ben = await demoInvestor(base, 'ben');
    const average = await averagePriceCents(ben.api, SOLAR_PARK);
    const atAverage = await demoSellOffer(ben, 1, average, SOLAR_PARK);
    const dear = (average * 130n) / 100n;
    const deviating = await demoSellOffer(ben, 1, dear, SOLAR_PARK, ['Accepted20PercentDifference']);
    const lena = await newInvestor(browser, base, testInfo, 'lena.buyrules', PAY_IN_CENTS);
    const { page } = lena;

    // No Austrian tax ID: the same refusal as in the primary market, with the way to the settings.
    await page.goto(offerScreen(lena.family, atAverage));
    await expect(page.getByTestId('take-offer')).toBeVisible();
    await expect(page.getByTestId('price-warning-confirm')).toHaveCount(0);
    await page.getByRole('button', { name: 'Kostenpflichtig kaufen' }).click();
    const refusal = page.getByTestId('trade-refusal');
    await expect(refusal).toContainText(
      'Für dieses Investment brauchen wir deine österreichische Steuernummer. Du kannst sie in den Einstellungen angeben.',
    );
    await expect(refusal.getByRole('link', { name: 'Zu den Einstellungen' })).toBeVisible();
    await expect(page.getByTestId('trade-signing')).toHaveCount(0);
    // As the investor sees it: the refusal in the middle of the screen (a viewport picture).
    await refusal.evaluate((element) => element.scrollIntoView({ block: 'center' }));
    await tradingSnapshot(page, testInfo, 'buy-rules-tax-refusal', { dialog: true, desktop: PHONE_AND_DESKTOP });
    await demoDeleteOffer(ben, atAverage);

    // With the Austrian tax number given, the offer 30 % above the average asks first.
    const taxId = await page.request.put('/api/v2/user/account/taxId', {
      headers: await csrfHeaders(page),
      data: { country: 'AT', taxId: '123456789' },
    });
    expect(taxId.status(), await taxId.text()).toBe(200);
    await page.goto(offerScreen(lena.family, deviating));
    await expect(page.getByTestId('price-warning-confirm')).toContainText('mehr als 20 %');
    await page.getByRole('button', { name: 'Kostenpflichtig kaufen' }).click();
    const dialog = page.getByRole('dialog', { name: 'Preis weicht stark ab' });
    await expect(dialog).toContainText('Möchtest du trotzdem zu diesem Preis kaufen?');
    await tradingSnapshot(page, testInfo, 'buy-rules-price-confirmation', { dialog: true, desktop: PHONE_AND_DESKTOP });
    await dialog.getByRole('button', { name: 'Ja, Preis bestätigen' }).click();
    await continuePastAppropriateness(page);
    await expect(page.getByTestId('trade-signing')).toBeVisible();
    await approveInSecurityApp(lena.securityApp, SOLAR_PARK.title);
    await expect(page.getByTestId('trade-completed').getByTestId('new-holding')).toHaveText('1 Anteil');

    await closeOpened();
  });
});
