import {
  assetPricePoints,
  bonusCodes,
  notaryAppointments,
  personalInformation,
  signingRequests,
  userTaxIds,
} from '@bw/db';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { expireOverdueSigningRequests } from '../security-app/signing-requests.js';
import {
  answerInApp,
  balanceOfBook,
  createInvestor,
  createPrimaryAsset,
  type Investor,
  shareInvariant,
} from './primary-market.test-support.js';

let testApp: TestApp;
let app: FastifyInstance;

beforeAll(async () => {
  testApp = await createTestApp();
  app = testApp.app;
});
afterAll(async () => testApp.close());

const EUR = (euros: number) => BigInt(euros * 100);

const buy = (investor: Investor, assetId: string, body: Record<string, unknown>, key?: string) =>
  app.inject({
    method: 'POST',
    url: `/api/v1/assets/initInvestment/${assetId}`,
    headers: { ...investor.headers, ...(key ? { 'idempotency-key': key } : {}) },
    payload: { acknowledgedAppropriateness: true, ...body },
  });

const cash = (userId: string) => balanceOfBook(app.db, `user_cash:${userId}`);
const heldCash = (userId: string) => balanceOfBook(app.db, `user_cash_held:${userId}`);
const sharesOf = (userId: string, assetId: string) => balanceOfBook(app.db, `user_shares:${userId}:${assetId}`);

const investments = async (investor: Investor) =>
  (await app.inject({ url: '/api/v1/user/investments', headers: investor.headers })).json().data;

describe('buying from the issuer', () => {
  it('reserves on init, settles on the signature: cash to the issuer, fee to the platform, shares to the investor', async () => {
    const assetId = await createPrimaryAsset(app.db, { availableShares: 100, pricePerShareCents: EUR(100) });
    const investor = await createInvestor(app, { cashCents: EUR(2_000) });

    const init = await buy(investor, assetId, { shares: 10 });
    expect(init.statusCode).toBe(200);
    const purchase = init.json().data;
    // 10 × 100 € = 1,000 €; demo partner fee 1 % = 10 €.
    expect(purchase).toMatchObject({
      status: 'reserved',
      cardState: 'signatureMissing',
      amount: '100000',
      fee: { amount: '1000' },
      total: '101000',
    });
    expect(await cash(investor.userId)).toBe(EUR(990));
    expect(await heldCash(investor.userId)).toBe(EUR(1_010));
    expect((await shareInvariant(app.db, assetId)).available).toBe(90);

    const signed = await answerInApp(app, investor, purchase.signingRequestId);
    expect(signed.statusCode).toBe(200);

    expect(await heldCash(investor.userId)).toBe(0n);
    expect(await cash(investor.userId)).toBe(EUR(990));
    expect(await sharesOf(investor.userId, assetId)).toBe(10n);
    expect(await balanceOfBook(app.db, `issuer_cash:${assetId}`)).toBe(EUR(1_000));
    const after = await app.inject({
      url: `/api/v1/assets/investment/${purchase.transactionId}`,
      headers: investor.headers,
    });
    expect(after.json().data).toMatchObject({ status: 'settled', cardState: 'completed' });
    const tx = await app.inject({
      url: `/api/v1/payment/transactions/${purchase.transactionId}`,
      headers: investor.headers,
    });
    expect(tx.json().data).toMatchObject({ type: 'buy', status: 'success', amount: '100000' });

    const view = await investments(investor);
    expect(view.holdings).toEqual([
      expect.objectContaining({ assetId, shares: 10, availableShares: 10, value: '100000' }),
    ]);
    expect(view.openPurchases).toEqual([]);
    expect(view.pastPurchases[0]).toMatchObject({ transactionId: purchase.transactionId, cardState: 'completed' });

    const points = await app.db.select().from(assetPricePoints).where(eq(assetPricePoints.assetId, assetId));
    expect(points).toEqual([expect.objectContaining({ pricePerShareCents: EUR(100), sharesCount: 10 })]);
    expect(await shareInvariant(app.db, assetId)).toMatchObject({
      investorShares: 10n,
      issuedShares: 10n,
      available: 90,
    });
  });

  it('releases shares and cash when the investor rejects in the app', async () => {
    const assetId = await createPrimaryAsset(app.db, { availableShares: 50 });
    const investor = await createInvestor(app, { cashCents: EUR(1_000) });
    const purchase = (await buy(investor, assetId, { shares: 5 })).json().data;
    const rejected = await answerInApp(app, investor, purchase.signingRequestId, 'reject');
    expect(rejected.statusCode).toBe(200);
    expect(await cash(investor.userId)).toBe(EUR(1_000));
    expect(await heldCash(investor.userId)).toBe(0n);
    expect((await shareInvariant(app.db, assetId)).available).toBe(50);
    const view = await app.inject({
      url: `/api/v1/assets/investment/${purchase.transactionId}`,
      headers: investor.headers,
    });
    expect(view.json().data).toMatchObject({ status: 'rejected', cardState: 'canceled' });
  });

  it('cancelTransaction gives the money back and withdraws the signing request', async () => {
    const assetId = await createPrimaryAsset(app.db, { availableShares: 50 });
    const investor = await createInvestor(app, { cashCents: EUR(1_000) });
    const purchase = (await buy(investor, assetId, { shares: 5 })).json().data;
    const canceled = await app.inject({
      method: 'POST',
      url: '/api/v1/assets/cancelTransaction',
      headers: investor.headers,
      payload: { transactionId: purchase.transactionId },
    });
    expect(canceled.statusCode).toBe(200);
    expect(canceled.json().data).toMatchObject({ status: 'canceled', cardState: 'canceled' });
    expect(await cash(investor.userId)).toBe(EUR(1_000));
    expect((await shareInvariant(app.db, assetId)).available).toBe(50);
    // The app can no longer sign what was cancelled.
    const late = await answerInApp(app, investor, purchase.signingRequestId);
    expect(late.json().error.code).toBe('SIGNING_REQUEST_NOT_PENDING');
    expect(await sharesOf(investor.userId, assetId)).toBe(0n);
    const [request] = await app.db
      .select()
      .from(signingRequests)
      .where(eq(signingRequests.id, purchase.signingRequestId));
    expect(request?.status).toBe('rejected');
    // Cancelling twice is harmless; a settled purchase cannot be cancelled.
    const again = await app.inject({
      method: 'POST',
      url: '/api/v1/assets/cancelTransaction',
      headers: investor.headers,
      payload: { transactionId: purchase.transactionId },
    });
    expect(again.statusCode).toBe(200);
    const settled = (await buy(investor, assetId, { shares: 1 })).json().data;
    await answerInApp(app, investor, settled.signingRequestId);
    const tooLate = await app.inject({
      method: 'POST',
      url: '/api/v1/assets/cancelTransaction',
      headers: investor.headers,
      payload: { transactionId: settled.transactionId },
    });
    expect(tooLate.json().error.code).toBe('INVESTMENT_NOT_CANCELABLE');
  });

  it('an unanswered purchase expires through the sweep job and releases everything', async () => {
    const assetId = await createPrimaryAsset(app.db, { availableShares: 20 });
    const investor = await createInvestor(app, { cashCents: EUR(500) });
    const purchase = (await buy(investor, assetId, { shares: 2 })).json().data;
    await expireOverdueSigningRequests(app.db, app.settlements, {
      now: new Date(Date.now() + 16 * 60_000),
      userId: investor.userId,
    });
    const view = await app.inject({
      url: `/api/v1/assets/investment/${purchase.transactionId}`,
      headers: investor.headers,
    });
    expect(view.json().data.status).toBe('expired');
    expect(await cash(investor.userId)).toBe(EUR(500));
    expect((await shareInvariant(app.db, assetId)).available).toBe(20);
  });

  it('ends the financing phase when the last share is sold', async () => {
    const assetId = await createPrimaryAsset(app.db, { availableShares: 3 });
    const investor = await createInvestor(app, { cashCents: EUR(1_000) });
    const first = (await buy(investor, assetId, { shares: 2 })).json().data;
    const last = (await buy(investor, assetId, { shares: 1 })).json().data;
    await answerInApp(app, investor, last.signingRequestId);
    // One purchase still waits for its signature: the phase goes on.
    expect((await shareInvariant(app.db, assetId)).stage).toBe('primary');
    await answerInApp(app, investor, first.signingRequestId);
    expect(await shareInvariant(app.db, assetId)).toMatchObject({ stage: 'secondary', available: 0, issuedShares: 3n });
    const more = await buy(investor, assetId, { shares: 1 });
    expect(more.json().error.code).toBe('INVESTMENT_NOT_IN_FINANCING_PHASE');
  });

  it('answers a retry with the same idempotency key with the first purchase', async () => {
    const assetId = await createPrimaryAsset(app.db, { availableShares: 40 });
    const investor = await createInvestor(app, { cashCents: EUR(1_000) });
    const first = await buy(investor, assetId, { shares: 4 }, 'buy-key-0001');
    const retry = await buy(investor, assetId, { shares: 4 }, 'buy-key-0001');
    expect(retry.json().data.transactionId).toBe(first.json().data.transactionId);
    expect((await shareInvariant(app.db, assetId)).available).toBe(36);
    const changed = await buy(investor, assetId, { shares: 5 }, 'buy-key-0001');
    expect(changed.json().error.code).toBe('IDEMPOTENCY_KEY_REUSED');
  });

  it('does not let another user see or cancel a purchase', async () => {
    const assetId = await createPrimaryAsset(app.db, { availableShares: 10 });
    const owner = await createInvestor(app, { cashCents: EUR(500) });
    const other = await createInvestor(app, { cashCents: EUR(500) });
    const purchase = (await buy(owner, assetId, { shares: 1 })).json().data;
    const seen = await app.inject({
      url: `/api/v1/assets/investment/${purchase.transactionId}`,
      headers: other.headers,
    });
    expect(seen.statusCode).toBe(404);
    const canceled = await app.inject({
      method: 'POST',
      url: '/api/v1/assets/cancelTransaction',
      headers: other.headers,
      payload: { transactionId: purchase.transactionId },
    });
    expect(canceled.statusCode).toBe(404);
  });
});

describe('the checks of initInvestment, in order, each with its message', () => {
  type Setup = { investor: Investor; assetId: string; body: Record<string, unknown> };
  const cases: [string, () => Promise<Setup>, number, string, string | null][] = [
    [
      'a guest',
      async () => ({
        investor: { ...(await createInvestor(app)), headers: {} } as unknown as Investor,
        assetId: await createPrimaryAsset(app.db, { availableShares: 10 }),
        body: { shares: 1 },
      }),
      401,
      'UNAUTHENTICATED',
      null,
    ],
    [
      'an unverified user',
      async () => ({
        investor: await createInvestor(app, { status: 'new', cashCents: EUR(500) }),
        assetId: await createPrimaryAsset(app.db, { availableShares: 10 }),
        body: { shares: 1 },
      }),
      403,
      'INVESTMENT_NOT_VERIFIED',
      'Nur verifizierte Nutzer können investieren. Bitte schließe zuerst deine Verifizierung ab.',
    ],
    [
      'an asset in secondary trading',
      async () => ({
        investor: await createInvestor(app, { cashCents: EUR(500) }),
        assetId: await createPrimaryAsset(app.db, { availableShares: 0, totalShares: 10, stage: 'secondary' }),
        body: { shares: 1 },
      }),
      409,
      'INVESTMENT_NOT_IN_FINANCING_PHASE',
      null,
    ],
    [
      'more shares than available',
      async () => ({
        investor: await createInvestor(app, { cashCents: EUR(5_000) }),
        assetId: await createPrimaryAsset(app.db, { availableShares: 10 }),
        body: { shares: 11 },
      }),
      409,
      'INVESTMENT_SHARES_NOT_AVAILABLE',
      'So viele Anteile sind nicht verfügbar.',
    ],
    [
      'fewer than the minimum subscription',
      async () => ({
        investor: await createInvestor(app, { cashCents: EUR(5_000) }),
        assetId: await createPrimaryAsset(app.db, { availableShares: 100, minimumSubscriptionShares: 5 }),
        body: { shares: 4 },
      }),
      400,
      'INVESTMENT_BELOW_MINIMUM_SUBSCRIPTION',
      null,
    ],
    [
      'a German product without a German tax ID',
      async () => ({
        investor: await createInvestor(app, { cashCents: EUR(500) }),
        assetId: await createPrimaryAsset(app.db, { availableShares: 10, countryCode: 'DE' }),
        body: { shares: 1 },
      }),
      409,
      'INVESTMENT_GERMAN_TAX_ID_REQUIRED',
      null,
    ],
    [
      'a German product without the church-tax answer',
      async () => {
        const investor = await createInvestor(app, { cashCents: EUR(500) });
        await app.db.insert(userTaxIds).values({ userId: investor.userId, country: 'DE', taxId: '86095742719' });
        return {
          investor,
          assetId: await createPrimaryAsset(app.db, { availableShares: 10, countryCode: 'DE' }),
          body: { shares: 1 },
        };
      },
      409,
      'INVESTMENT_CHURCH_TAX_ANSWER_REQUIRED',
      null,
    ],
    [
      'an Austrian participation-right-equity asset without an Austrian tax ID',
      async () => ({
        investor: await createInvestor(app, { cashCents: EUR(500) }),
        assetId: await createPrimaryAsset(app.db, { availableShares: 10, securityType: 'participationRightEquity' }),
        body: { shares: 1 },
      }),
      409,
      'INVESTMENT_AUSTRIAN_TAX_ID_REQUIRED',
      null,
    ],
    [
      'over EUR 5,000 without Accepted5KLimit',
      async () => ({
        investor: await createInvestor(app, { cashCents: EUR(10_000) }),
        assetId: await createPrimaryAsset(app.db, { availableShares: 100 }),
        body: { shares: 51 },
      }),
      409,
      'INVESTMENT_5K_CONFIRMATION_REQUIRED',
      null,
    ],
    [
      'an appropriateness mismatch without the explicit continue',
      async () => ({
        investor: await createInvestor(app, { cashCents: EUR(500) }),
        assetId: await createPrimaryAsset(app.db, { availableShares: 10 }),
        body: { shares: 1, acknowledgedAppropriateness: false },
      }),
      409,
      'INVESTMENT_APPROPRIATENESS_CONFIRMATION_REQUIRED',
      null,
    ],
    [
      'not enough money in the payment account',
      async () => ({
        investor: await createInvestor(app, { cashCents: EUR(100) }),
        assetId: await createPrimaryAsset(app.db, { availableShares: 10 }),
        body: { shares: 1 },
      }),
      409,
      'INVESTMENT_INSUFFICIENT_FUNDS',
      'Auf deinem Zahlungskonto ist nicht genug Geld. Bitte lade dein Konto auf.',
    ],
    [
      'no security app to sign with',
      async () => ({
        investor: await createInvestor(app, { cashCents: EUR(500), linkApp: false }),
        assetId: await createPrimaryAsset(app.db, { availableShares: 10 }),
        body: { shares: 1 },
      }),
      409,
      'SECURITY_APP_NOT_CONNECTED',
      'Es ist noch keine Sicherheits-App verbunden. Sie wird zum Fortfahren benötigt.',
    ],
    [
      'an unknown asset',
      async () => ({
        investor: await createInvestor(app, { cashCents: EUR(500) }),
        assetId: 'no-such-asset',
        body: { shares: 1 },
      }),
      404,
      'ASSET_NOT_FOUND',
      null,
    ],
    [
      'zero shares',
      async () => ({
        investor: await createInvestor(app, { cashCents: EUR(500) }),
        assetId: await createPrimaryAsset(app.db, { availableShares: 10 }),
        body: { shares: 0 },
      }),
      400,
      'VALIDATION_FAILED',
      null,
    ],
  ];

  it.each(cases)('%s', async (_label, setup, status, code, message) => {
    const { investor, assetId, body } = await setup();
    const before = await shareInvariant(app.db, assetId);
    const res = await buy(investor, assetId, body);
    expect(res.statusCode).toBe(status);
    expect(res.json().error.code).toBe(code);
    if (message) expect(res.json().error.message).toBe(message);
    // A refused purchase changes nothing.
    expect((await shareInvariant(app.db, assetId)).available).toBe(before.available);
    if (investor.userId) expect(await heldCash(investor.userId)).toBe(0n);
  });

  it('passes every check once the user supplies what was missing', async () => {
    const investor = await createInvestor(app, { cashCents: EUR(10_000) });
    await app.db.insert(userTaxIds).values({ userId: investor.userId, country: 'DE', taxId: '86095742719' });
    await app.db
      .update(personalInformation)
      .set({ hasChurchTax: false })
      .where(eq(personalInformation.userId, investor.userId));
    const assetId = await createPrimaryAsset(app.db, { availableShares: 100, countryCode: 'DE' });
    const res = await buy(investor, assetId, { shares: 51, acceptedWarnings: ['Accepted5KLimit'] });
    expect(res.statusCode).toBe(200);
  });
});

describe('bonuses at checkout', () => {
  it('redeems a code once and applies the bonus to the next purchase', async () => {
    await app.db.insert(bonusCodes).values([
      { code: 'START50', title: 'Startbonus 50 €', amountCents: EUR(50), applicability: 'primaryMarket' },
      {
        code: 'ALT2020',
        title: 'Abgelaufen',
        amountCents: EUR(10),
        applicability: 'primaryMarket',
        validUntil: new Date('2020-01-01'),
      },
      { code: 'ONCE', title: 'Einmal', amountCents: EUR(10), applicability: 'primaryMarket', maxRedemptions: 0 },
    ]);
    const investor = await createInvestor(app, { cashCents: EUR(1_000) });
    const check = await app.inject({ url: '/api/v1/bonus/bonusCode/start50', headers: investor.headers });
    expect(check.json().data).toMatchObject({ code: 'START50', amount: '5000' });
    for (const [code, expected] of [
      ['NOPE', 'BONUS_CODE_NOT_FOUND'],
      ['ALT2020', 'BONUS_CODE_EXPIRED'],
      ['ONCE', 'BONUS_CODE_USED_UP'],
    ]) {
      const res = await app.inject({
        method: 'POST',
        url: `/api/v1/bonus/bonusCode/use/${code}`,
        headers: investor.headers,
      });
      expect(res.json().error.code).toBe(expected);
    }
    const used = await app.inject({
      method: 'POST',
      url: '/api/v1/bonus/bonusCode/use/START50',
      headers: investor.headers,
    });
    expect(used.statusCode).toBe(200);
    const twice = await app.inject({
      method: 'POST',
      url: '/api/v1/bonus/bonusCode/use/START50',
      headers: investor.headers,
    });
    expect(twice.json().error.code).toBe('BONUS_CODE_ALREADY_REDEEMED');

    const assetId = await createPrimaryAsset(app.db, { availableShares: 10 });
    const offered = await app.inject({
      url: `/api/v1/bonus/bonusForInvestment?investmentType=primaryMarket&assetId=${assetId}`,
      headers: investor.headers,
    });
    expect(offered.json().data.bonus).toMatchObject({ title: 'Startbonus 50 €', amount: '5000' });

    const bonusesBefore = await balanceOfBook(app.db, 'bonuses');
    const purchase = (await buy(investor, assetId, { shares: 2, useBonus: true })).json().data;
    // 200 € + 2 € fee − 50 € bonus.
    expect(purchase).toMatchObject({ amount: '20000', bonus: { amount: '5000' }, total: '15200' });
    await answerInApp(app, investor, purchase.signingRequestId);
    expect(await cash(investor.userId)).toBe(EUR(848));
    expect(await balanceOfBook(app.db, `issuer_cash:${assetId}`)).toBe(EUR(200));
    expect(await balanceOfBook(app.db, 'bonuses')).toBe(bonusesBefore - EUR(50));
    const none = await app.inject({
      url: `/api/v1/bonus/bonusForInvestment?investmentType=primaryMarket&assetId=${assetId}`,
      headers: investor.headers,
    });
    expect(none.json().data.bonus).toBeNull();
  });

  it('gives the bonus back when the purchase is cancelled', async () => {
    await app.db
      .insert(bonusCodes)
      .values({ code: 'BACK20', title: 'Bonus 20 €', amountCents: EUR(20), applicability: 'primaryAndSecondary' });
    const investor = await createInvestor(app, { cashCents: EUR(1_000) });
    await app.inject({ method: 'POST', url: '/api/v1/bonus/bonusCode/use/BACK20', headers: investor.headers });
    const assetId = await createPrimaryAsset(app.db, { availableShares: 10 });
    const purchase = (await buy(investor, assetId, { shares: 1, useBonus: true })).json().data;
    expect(purchase.bonus.amount).toBe('2000');
    await app.inject({
      method: 'POST',
      url: '/api/v1/assets/cancelTransaction',
      headers: investor.headers,
      payload: { transactionId: purchase.transactionId },
    });
    const offered = await app.inject({
      url: `/api/v1/bonus/bonusForInvestment?investmentType=secondaryMarket&assetId=${assetId}`,
      headers: investor.headers,
    });
    expect(offered.json().data.bonus).toMatchObject({ amount: '2000' });
  });
});

describe('the builder-owner model', () => {
  const builderOwnerAsset = async () => {
    const assetId = await createPrimaryAsset(app.db, {
      availableShares: 30,
      securityType: 'participationRightEquityBuilderOwner',
    });
    const inTwoWeeks = new Date(Date.now() + 14 * 86_400_000);
    inTwoWeeks.setUTCHours(9, 0, 0, 0);
    await app.db.insert(notaryAppointments).values([
      { assetId, startsAt: inTwoWeeks, location: 'Notariat Graz, Herrengasse 3', capacity: 1 },
      {
        assetId,
        startsAt: new Date(inTwoWeeks.getTime() + 86_400_000),
        location: 'Notariat Graz, Herrengasse 3',
        capacity: 5,
      },
    ]);
    return assetId;
  };

  it('goes through signature, notary date, bank wire and notary documents to the shares', async () => {
    const assetId = await builderOwnerAsset();
    const investor = await createInvestor(app);
    const purchase = (await buy(investor, assetId, { shares: 3 })).json().data;
    expect(purchase).toMatchObject({ method: 'bankWire', status: 'reserved', total: '30300' });
    expect(purchase.paymentRequest).toMatchObject({ IBAN: 'AT483200000012345864', amount: '30300' });

    const dates = (await app.inject({ url: `/launchpad/api/v1/asset/notary/${assetId}/date` })).json().data;
    expect(dates).toHaveLength(2);
    const reserved = await app.inject({
      method: 'POST',
      url: `/launchpad/api/v1/asset/notary/${assetId}/date/reserve`,
      headers: investor.headers,
      payload: { date: dates[0].date, idAustria: true },
    });
    expect(reserved.json().data.notaryAppointment).toMatchObject({ idAustria: true, freeSeats: 0 });
    const someoneElse = await createInvestor(app);
    await buy(someoneElse, assetId, { shares: 1 });
    const full = await app.inject({
      method: 'POST',
      url: `/launchpad/api/v1/asset/notary/${assetId}/date/reserve`,
      headers: someoneElse.headers,
      payload: { date: dates[0].date, idAustria: false },
    });
    expect(full.json().error.code).toBe('NOTARY_APPOINTMENT_FULL');

    await answerInApp(app, investor, purchase.signingRequestId);
    const event = (name: string) =>
      app.inject({
        method: 'POST',
        url: '/api/v1/dev/primary/purchaseEvent',
        payload: { transactionId: purchase.transactionId, event: name },
      });
    const status = async () =>
      (
        await app.inject({ url: `/api/v1/assets/investment/${purchase.transactionId}`, headers: investor.headers })
      ).json().data.cardState;
    expect(await status()).toBe('paymentMissing');
    await event('paymentReceived');
    expect(await status()).toBe('notaryMissing');
    expect(await balanceOfBook(app.db, `issuer_cash:${assetId}`)).toBe(EUR(300));
    expect(await sharesOf(investor.userId, assetId)).toBe(0n);
    await event('notaryDocumentsReceived');
    expect(await status()).toBe('completed');
    expect(await sharesOf(investor.userId, assetId)).toBe(3n);
    // Replayed events change nothing.
    await event('paymentReceived');
    expect(await balanceOfBook(app.db, `issuer_cash:${assetId}`)).toBe(EUR(300));
  });

  it('refuses a manual investment with an empty signature', async () => {
    const assetId = await builderOwnerAsset();
    const investor = await createInvestor(app);
    const res = await app.inject({
      method: 'POST',
      url: '/launchpad/api/v1/asset/manual-investment',
      headers: investor.headers,
      payload: { shares: 1, assetId, signatures: [' '], acknowledgedAppropriateness: true },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe('Im Feld ist noch keine Unterschrift.');
    const ok = await app.inject({
      method: 'POST',
      url: '/launchpad/api/v1/asset/manual-investment',
      headers: investor.headers,
      payload: {
        shares: 1,
        assetId,
        signatures: ['data:image/png;base64,iVBORw0KGgo='],
        acknowledgedAppropriateness: true,
      },
    });
    expect(ok.statusCode).toBe(200);
  });

  it('takes pre-bookings and replaces them', async () => {
    const assetId = await builderOwnerAsset();
    const investor = await createInvestor(app);
    const first = await app.inject({
      method: 'POST',
      url: '/launchpad/api/v1/asset/preorder',
      headers: investor.headers,
      payload: { amount: '250000', assetId },
    });
    expect(first.json().data.amount).toBe('250000');
    const second = await app.inject({
      method: 'POST',
      url: '/launchpad/api/v1/asset/preorder',
      headers: investor.headers,
      payload: { amount: '100000', assetId },
    });
    expect(second.json().data).toMatchObject({ id: first.json().data.id, amount: '100000' });
    const settled = await createPrimaryAsset(app.db, { availableShares: 0, totalShares: 5, stage: 'secondary' });
    const refused = await app.inject({
      method: 'POST',
      url: '/launchpad/api/v1/asset/preorder',
      headers: investor.headers,
      payload: { amount: '100000', assetId: settled },
    });
    expect(refused.json().error.code).toBe('PREORDER_NOT_POSSIBLE');
  });
});

describe('the portfolio over time (issue 27)', () => {
  it('answers 401 without a session and an empty series before the first purchase', async () => {
    expect((await app.inject({ url: '/api/v1/user/investments/history' })).statusCode).toBe(401);
    const investor = await createInvestor(app, { cashCents: EUR(500) });
    const empty = await app.inject({ url: '/api/v1/user/investments/history', headers: investor.headers });
    expect(empty.statusCode).toBe(200);
    expect(empty.json().data).toEqual({ points: [] });
  });

  it('values the settled shares at the last trade price and counts what they cost, ending today at the holdings', async () => {
    const assetId = await createPrimaryAsset(app.db, { availableShares: 100, pricePerShareCents: EUR(100) });
    const investor = await createInvestor(app, { cashCents: EUR(2_000) });
    const init = await buy(investor, assetId, { shares: 4 });
    await answerInApp(app, investor, init.json().data.signingRequestId);
    // Only the reserved purchase of another investor: not in this investor's series.
    const other = await createInvestor(app, { cashCents: EUR(2_000) });
    await buy(other, assetId, { shares: 3 });
    await app.db
      .insert(assetPricePoints)
      .values({ assetId, tradedAt: new Date(), pricePerShareCents: EUR(110), sharesCount: 1 });

    const response = await app.inject({ url: '/api/v1/user/investments/history', headers: investor.headers });
    expect(response.statusCode).toBe(200);
    const { points } = response.json().data as {
      points: { date: string; valueCents: string; investedCents: string }[];
    };
    expect(points).toHaveLength(1);
    // 4 shares × 110 € (today's trade); invested 400 € + 1 % fee.
    expect(points[0]).toMatchObject({ valueCents: '44000', investedCents: '40400' });
    const view = await investments(investor);
    expect(view.holdings.find((holding: { assetId: string }) => holding.assetId === assetId)?.shares).toBe(4);
  });
});
