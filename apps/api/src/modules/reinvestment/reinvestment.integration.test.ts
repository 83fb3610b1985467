import {
  assets,
  bulletinTrades,
  notifications,
  primaryPurchases,
  queryRows,
  reinvestments,
  signingRequests,
  transactions,
} from '@bw/db';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { balanceOf } from '../../ledger/ledger.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import {
  answerSigningRequest,
  createTrader,
  fundShares,
  openOffer,
  pendingSigningRequests,
  type Trader,
} from '../bulletin-board/bulletin-board.test-support.js';
import { currentMonth, fourEyes, incomeBody } from '../distributions/distributions.test-support.js';
import { distributeIncome } from '../distributions/operations/distribute-income.js';
import { createPrimaryAsset } from '../primary-market/primary-market.test-support.js';
import { reinvestPayment } from './operations/reinvest.js';

/**
 * Issue 22 / ADR 0034: a standing reinvestment mandate, signed once in the security app, buys
 * whole shares of the same asset with each distribution payment (issuer in the financing phase,
 * cheapest sell offers within the limit in the trading phase), once per payment; skipped with a
 * notification when nothing is offered; revocable at any time; every movement a balanced posting.
 */
let t: TestApp;
const BASE = '/api/v1/user/reinvestmentMandates';

const call = (user: Trader, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: Record<string, unknown>) =>
  t.app.inject({ method, url, headers: user.headers, ...(payload === undefined ? {} : { payload }) });

const unbalancedPostings = async (): Promise<number> =>
  (
    await queryRows<{ n: number }>(
      t.app.db,
      sql`SELECT count(*)::int AS n FROM (SELECT posting_id, unit FROM ledger_entries GROUP BY posting_id, unit HAVING sum(amount) <> 0) x`,
    )
  )[0]?.n ?? -1;

const cash = (userId: string) => balanceOf(t.app.db, { kind: 'user_cash', userId });
const shares = (userId: string, assetId: string) => balanceOf(t.app.db, { kind: 'user_shares', userId, assetId });

/** Switches reinvestment on and signs the mandate in the investor's app. */
const signMandate = async (investor: Trader, assetId: string, maxPricePerShare: string) => {
  const res = await call(investor, 'POST', BASE, { assetId, maxPricePerShare, acknowledgedAppropriateness: true });
  expect(res.statusCode, res.body).toBe(200);
  const mandate = res.json().data;
  expect(mandate.status).toBe('pending');
  const [request] = (await pendingSigningRequests(t.app, investor)).filter((r) => r.id === mandate.signingRequestId);
  expect(request?.fields).toMatchObject({ kind: 'mandate', assetId, priceCents: maxPricePerShare });
  expect((await answerSigningRequest(t.app, investor, mandate.signingRequestId)).statusCode).toBe(200);
  return mandate.id as string;
};

const mandatesOf = async (investor: Trader) => (await call(investor, 'GET', BASE)).json().data;

/** The investor's payment of a run (its net and transaction id). */
const paymentOf = async (userId: string, assetId: string) => {
  const [row] = await t.app.db
    .select({ id: transactions.id, net: transactions.amountCents })
    .from(transactions)
    .where(and(eq(transactions.userId, userId), eq(transactions.assetId, assetId), eq(transactions.type, 'rent')));
  if (!row) throw new Error('no payment');
  return row;
};

const reinvestmentOf = async (transactionId: string) =>
  (await t.app.db.select().from(reinvestments).where(eq(reinvestments.distributionTransactionId, transactionId)))[0];

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

describe('reinvestment mandates', () => {
  it('refuses what it cannot do with clear errors, and answers 401 without a session', async () => {
    const investor = await createTrader(t.app, { cashCents: 1n });
    const assetId = await createPrimaryAsset(t.app.db, { distributionFrequency: 'monthly', availableShares: 100 });
    expect((await t.app.inject({ method: 'GET', url: BASE })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'POST', url: BASE, payload: {} })).statusCode).toBe(401);
    const noHolding = await call(investor, 'POST', BASE, { assetId, maxPricePerShare: '100' });
    expect(noHolding.statusCode).toBe(409);
    expect(noHolding.json().error.code).toBe('REINVESTMENT_NO_HOLDING');
    expect((await call(investor, 'POST', BASE, { assetId, maxPricePerShare: '0' })).statusCode).toBe(400);
    expect((await call(investor, 'POST', BASE, { assetId, maxPricePerShare: '1,50' })).statusCode).toBe(400);
    expect((await call(investor, 'POST', BASE, { assetId: 'gibt-es-nicht', maxPricePerShare: '100' })).statusCode).toBe(
      404,
    );
    await fundShares(t.app.db, investor.userId, assetId, 5);
    const unconfirmed = await call(investor, 'POST', BASE, { assetId, maxPricePerShare: '100' });
    expect(unconfirmed.json().error.code).toBe('INVESTMENT_APPROPRIATENESS_CONFIRMATION_REQUIRED');
    const revokeNone = await call(investor, 'DELETE', `${BASE}/${assetId}`);
    expect(revokeNone.statusCode).toBe(404);
    expect(revokeNone.json().error.message).toBe('Für dieses Objekt gibt es keinen Wiederanlage-Auftrag.');
  });

  it('is active only once signed; a rejection ends it; a pending one is withdrawn on revoke', async () => {
    const investor = await createTrader(t.app, { cashCents: 1n });
    const assetId = await createPrimaryAsset(t.app.db, { distributionFrequency: 'monthly', availableShares: 100 });
    await fundShares(t.app.db, investor.userId, assetId, 5);
    const body = { assetId, maxPricePerShare: '100', acknowledgedAppropriateness: true };

    const first = (await call(investor, 'POST', BASE, body)).json().data;
    expect((await call(investor, 'POST', BASE, body)).json().error.code).toBe('REINVESTMENT_MANDATE_EXISTS');
    expect((await answerSigningRequest(t.app, investor, first.signingRequestId, 'reject')).statusCode).toBe(200);
    expect((await mandatesOf(investor)).mandates[0]).toMatchObject({ id: first.id, status: 'rejected' });

    const second = (await call(investor, 'POST', BASE, body)).json().data;
    expect((await call(investor, 'DELETE', `${BASE}/${assetId}`)).statusCode).toBe(200);
    const [request] = await t.app.db
      .select({ status: signingRequests.status })
      .from(signingRequests)
      .where(eq(signingRequests.id, second.signingRequestId));
    expect(request?.status).toBe('rejected');
    expect((await mandatesOf(investor)).mandates[0]).toMatchObject({ id: second.id, status: 'revoked' });

    await signMandate(investor, assetId, '100');
    expect((await mandatesOf(investor)).mandates[0]).toMatchObject({ status: 'active', maxPricePerShareCents: '100' });
  });

  it('financing phase: buys whole shares from the issuer for the net amount, once, the rest stays as cash', async () => {
    const investor = await createTrader(t.app, { cashCents: 1n });
    const assetId = await createPrimaryAsset(t.app.db, {
      distributionFrequency: 'monthly',
      availableShares: 900,
      totalShares: 1000,
      pricePerShareCents: 150n,
    });
    await fundShares(t.app.db, investor.userId, assetId, 100);
    await signMandate(investor, assetId, '150');
    const cashBefore = await cash(investor.userId);

    const month = currentMonth();
    await distributeIncome({ db: t.app.db, outbox: t.app.outbox }, fourEyes('reinvestment-test'), assetId, {
      periodKey: month,
      income: incomeBody(month, '100000'),
    });
    await t.app.outboxRelay.drain();

    const payment = await paymentOf(investor.userId, assetId);
    const done = await reinvestmentOf(payment.id);
    expect(done).toMatchObject({ outcome: 'bought', reason: null });
    expect(done?.shares).toBeGreaterThan(0);
    expect(done?.spentCents).toBeLessThanOrEqual(payment.net);
    // Whole shares at 1.50 €: the remainder is less than one share with its fee.
    expect(payment.net - (done?.spentCents ?? 0n)).toBeLessThan(150n * 2n);
    expect(await shares(investor.userId, assetId)).toBe(100n + BigInt(done?.shares ?? 0));
    expect(await cash(investor.userId)).toBe(cashBefore + payment.net - (done?.spentCents ?? 0n));
    const [purchase] = await t.app.db
      .select({ status: primaryPurchases.status, shares: primaryPurchases.shares })
      .from(primaryPurchases)
      .where(and(eq(primaryPurchases.userId, investor.userId), eq(primaryPurchases.assetId, assetId)));
    expect(purchase).toEqual({ status: 'settled', shares: done?.shares });
    const [asset] = await t.app.db
      .select({ available: assets.availableShares })
      .from(assets)
      .where(eq(assets.id, assetId));
    expect(asset?.available).toBe(900 - (done?.shares ?? 0));

    // A second delivery of the same payment buys nothing more.
    const again = await reinvestPayment(t.app.db, t.app.outbox, t.app.settlements, {
      userId: investor.userId,
      assetId,
      transactionId: payment.id,
      netCents: payment.net,
    });
    expect(again).toBe('done-before');
    expect(await shares(investor.userId, assetId)).toBe(100n + BigInt(done?.shares ?? 0));
    const [note] = await t.app.db
      .select({ title: notifications.title, body: notifications.body })
      .from(notifications)
      .where(eq(notifications.key, `reinvestment:${payment.id}`));
    expect(note?.title).toBe('Ausschüttung wiederangelegt');
    expect(await unbalancedPostings()).toBe(0);
  });

  it('trading phase: takes the cheapest sell offers within the price limit; nothing above it', async () => {
    const investor = await createTrader(t.app, { cashCents: 1n });
    const seller = await createTrader(t.app, { cashCents: 1n });
    const assetId = await createPrimaryAsset(t.app.db, {
      distributionFrequency: 'monthly',
      availableShares: 0,
      totalShares: 1000,
      pricePerShareCents: 100n,
      stage: 'secondary',
    });
    await fundShares(t.app.db, investor.userId, assetId, 200);
    await fundShares(t.app.db, seller.userId, assetId, 110);
    const cheap = await openOffer(t.app, seller, { assetId, type: 'sell', sharesAmount: 3, price: '100' });
    const dear = await openOffer(t.app, seller, { assetId, type: 'sell', sharesAmount: 50, price: '400' });
    const middle = await openOffer(t.app, seller, { assetId, type: 'sell', sharesAmount: 50, price: '120' });
    await signMandate(investor, assetId, '200');

    const month = currentMonth();
    await distributeIncome({ db: t.app.db, outbox: t.app.outbox }, fourEyes('reinvestment-test'), assetId, {
      periodKey: month,
      income: incomeBody(month, '500000'),
    });
    await t.app.outboxRelay.drain();

    const payment = await paymentOf(investor.userId, assetId);
    const done = await reinvestmentOf(payment.id);
    expect(done?.outcome).toBe('bought');
    const trades = await t.app.db
      .select({ offerId: bulletinTrades.offerId, shares: bulletinTrades.sharesCount, status: bulletinTrades.status })
      .from(bulletinTrades)
      .where(eq(bulletinTrades.buyerUserId, investor.userId));
    expect(trades.find((trade) => trade.offerId === cheap)).toMatchObject({ shares: 3, status: 'completed' });
    expect(trades.find((trade) => trade.offerId === middle)?.status).toBe('completed');
    expect(trades.find((trade) => trade.offerId === dear)).toBeUndefined();
    expect(await shares(investor.userId, assetId)).toBe(200n + BigInt(done?.shares ?? 0));
    expect(done?.spentCents).toBeLessThanOrEqual(payment.net);
    expect(await unbalancedPostings()).toBe(0);
  });

  it('skips with a notification when no shares are offered within the limit; a revoked mandate does nothing', async () => {
    const investor = await createTrader(t.app, { cashCents: 1n });
    const other = await createTrader(t.app, { cashCents: 1n });
    const assetId = await createPrimaryAsset(t.app.db, {
      distributionFrequency: 'monthly',
      availableShares: 0,
      totalShares: 1000,
      pricePerShareCents: 100n,
      stage: 'secondary',
    });
    await fundShares(t.app.db, investor.userId, assetId, 100);
    await fundShares(t.app.db, other.userId, assetId, 100);
    await signMandate(investor, assetId, '100');
    await signMandate(other, assetId, '100');
    expect((await call(other, 'DELETE', `${BASE}/${assetId}`)).statusCode).toBe(200);
    const cashBefore = await cash(investor.userId);

    const month = currentMonth();
    await distributeIncome({ db: t.app.db, outbox: t.app.outbox }, fourEyes('reinvestment-test'), assetId, {
      periodKey: month,
      income: incomeBody(month, '100000'),
    });
    await t.app.outboxRelay.drain();

    const payment = await paymentOf(investor.userId, assetId);
    expect(await reinvestmentOf(payment.id)).toMatchObject({
      outcome: 'skipped',
      reason: 'REINVESTMENT_NO_SHARES_OFFERED',
    });
    expect(await cash(investor.userId)).toBe(cashBefore + payment.net);
    const [note] = await t.app.db
      .select({ title: notifications.title, body: notifications.body })
      .from(notifications)
      .where(eq(notifications.key, `reinvestment:${payment.id}`));
    expect(note?.title).toBe('Wiederanlage ausgesetzt');
    expect(note?.body).toContain('Es wurden keine Anteile innerhalb deiner Preisgrenze angeboten.');
    const overview = await mandatesOf(investor);
    expect(overview.reinvestments[0]).toMatchObject({
      outcome: 'skipped',
      reason: 'Es wurden keine Anteile innerhalb deiner Preisgrenze angeboten.',
    });

    const otherPayment = await paymentOf(other.userId, assetId);
    expect(await reinvestmentOf(otherPayment.id)).toBeUndefined();
    expect(await unbalancedPostings()).toBe(0);
  });
});
