import { ledgerAccountBalances, partners, users } from '@bw/db';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { createLoggedInUser, type LoggedIn } from '../auth/auth.test-support.js';
import { payOut as payOutAs } from '../payments/payments.test-support.js';
import { createStaffSession, newPartner, type StaffLoggedIn } from './backoffice.test-support.js';

/** Issue 21: dashboard, partners, bonus codes, corrections and reconciliation through the admin API. */
const P = '/admin/api/v1';
let testApp: TestApp;
let app: FastifyInstance;
let operator: StaffLoggedIn;
let auditor: StaffLoggedIn;

beforeAll(async () => {
  testApp = await createTestApp({
    env: { PSP_WEBHOOK_SECRET: 'test-psp-webhook-secret-0123456789', PSP_SANDBOX_SETTLE_DELAY_MS: '0' },
  });
  app = testApp.app;
  await app.listen({ port: 0, host: '127.0.0.1' });
  operator = await createStaffSession(app, 'operator');
  auditor = await createStaffSession(app, 'auditor');
});
afterAll(async () => testApp.close());

const call = (who: StaffLoggedIn, method: InjectOptions['method'], url: string, payload?: object) =>
  app.inject({ method, url: `${P}${url}`, headers: who.headers, ...(payload ? { payload } : {}) });

const ok = async (who: StaffLoggedIn, method: InjectOptions['method'], url: string, payload?: object) => {
  const response = await call(who, method, url, payload);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data;
};

let phoneCounter = 0;
/**
 * A verified investor with `euros` paid in through the sandbox provider (signed webhook over
 * HTTP) from an account in their own name, which becomes their payout account.
 */
const fundedInvestor = async (euros: number): Promise<LoggedIn & { phone: string }> => {
  const user = await createLoggedInUser(app);
  phoneCounter += 1;
  const phone = `+43676${String(process.pid % 1000).padStart(3, '0')}${String(phoneCounter).padStart(4, '0')}`;
  await app.db.update(users).set({ status: 'verified', phone }).where(eq(users.id, user.userId));
  const opened = await app.inject({ method: 'POST', url: '/api/v1/payment/account', headers: user.headers });
  const transfer = await app.inject({
    method: 'POST',
    url: '/api/v1/dev/psp/transfer',
    payload: {
      iban: opened.json().data.IBAN,
      amount: String(euros * 100),
      name: 'Erika Muster',
      fromIban: 'DE89370400440532013000',
      reference: 'Einzahlung',
    },
  });
  expect(transfer.statusCode, transfer.body).toBe(200);
  await app.outboxRelay.drain();
  await app.sandbox.payments.deliverWebhooks({ all: true });
  await app.outboxRelay.drain();
  return { ...user, phone };
};

const deliver = async () => {
  for (let round = 0; round < 2; round += 1) {
    await app.outboxRelay.drain();
    await app.sandbox.payments.deliverWebhooks({ all: true });
  }
};

/** Starts and confirms a payout with the SMS code from the sandbox mailbox, as the app does. */
const payOut = (user: LoggedIn & { phone: string }, amountCents: string): Promise<string> =>
  payOutAs(app, user, amountCents);

const accountOf = async (user: LoggedIn) =>
  (await app.inject({ url: '/api/v1/payment/account', headers: user.headers })).json().data;

const available = async (user: LoggedIn): Promise<string> =>
  (await app.inject({ url: '/api/v1/payment/account', headers: user.headers })).json().data.availableAmount;

describe('corrections and reconciliation', () => {
  it('credits and debits as compensating postings, once per key, never below zero, and the books still reconcile', async () => {
    const investor = await fundedInvestor(100);
    const before = await ok(operator, 'GET', '/reconciliation');
    expect(before.ledgerBalanced).toBe(true);
    expect(before.differenceCents).toBe('0');

    const credit = {
      userId: investor.userId,
      direction: 'credit',
      amountCents: '1250',
      reason: 'Gebühr doppelt belastet',
      idempotencyKey: `credit-${Date.now()}`,
    };
    const [first, second] = await Promise.all([
      ok(operator, 'POST', '/corrections', credit),
      ok(operator, 'POST', '/corrections', credit),
    ]);
    expect(second.id).toBe(first.id);
    expect(first.amountCents).toBe('1250');

    const overdraw = await call(operator, 'POST', '/corrections', {
      ...credit,
      direction: 'debit',
      amountCents: '1000000',
      idempotencyKey: `debit-${Date.now()}`,
    });
    expect(overdraw.statusCode).toBe(409);
    expect(overdraw.json().error.message).toBe('Die Korrektur würde das Guthaben unter null bringen.');

    await ok(operator, 'POST', '/corrections', {
      ...credit,
      direction: 'debit',
      amountCents: '250',
      idempotencyKey: `debit-ok-${Date.now()}`,
    });
    const listed = await ok(auditor, 'GET', `/corrections?userId=${investor.userId}`);
    expect(listed.map((row: { amountCents: string }) => row.amountCents).sort()).toEqual(['-250', '1250']);

    const [book] = await app.db
      .select({ balance: ledgerAccountBalances.balance })
      .from(ledgerAccountBalances)
      .where(eq(ledgerAccountBalances.accountKey, 'corrections'));
    expect(book?.balance).toBe(-1000n);

    // The investor sees both as transactions with the reason, and the balance moved by exactly 10.00 €.
    const account = await app.inject({ url: '/api/v1/payment/account', headers: investor.headers });
    expect(account.body).toContain('Korrektur: Gebühr doppelt belastet');
    expect(await available(investor)).toBe('11000');

    const after = await ok(auditor, 'GET', '/reconciliation');
    expect(after.ledgerBalanced).toBe(true);
    expect(after.differenceCents).toBe('0');
    // Corrections move the operator's money, not the provider's.
    expect(after.ledgerProviderCents).toBe(before.ledgerProviderCents);
    expect(after.differences).toEqual([]);
  });

  it('lists a settled pay-in without its posting as a difference', async () => {
    const investor = await fundedInvestor(5);
    // Simulate a lost posting: a success row the ledger never saw.
    await app.db.execute(
      sql`INSERT INTO transactions (user_id, type, status, method, amount_cents) VALUES (${investor.userId}, 'charge', 'success', 'transfer', 700)`,
    );
    const view = await ok(operator, 'GET', '/reconciliation');
    expect(view.differences.some((row: { userId: string; problem: string }) => row.userId === investor.userId)).toBe(
      true,
    );
    expect(view.differenceCents).toBe('-700');
  });

  it('refuses corrections to auditors and to unknown investors', async () => {
    const body = {
      userId: '00000000-0000-4000-8000-000000000000',
      direction: 'credit',
      amountCents: '100',
      reason: 'Test',
      idempotencyKey: 'x-12345678',
    };
    expect((await call(auditor, 'POST', '/corrections', body)).statusCode).toBe(403);
    expect((await call(operator, 'POST', '/corrections', body)).statusCode).toBe(404);
  });
});

describe('payouts above the review threshold', () => {
  it('wait for release before the provider is asked; a rejection returns the money, a release pays out', async () => {
    await ok(operator, 'PUT', '/payouts/threshold', { thresholdCents: '100000' });
    expect((await ok(auditor, 'GET', '/payouts/threshold')).thresholdCents).toBe('100000');
    const differenceBefore = (await ok(auditor, 'GET', '/reconciliation')).differenceCents;
    const investor = await fundedInvestor(3000);

    const small = await payOut(investor, '5000');
    await deliver();
    expect(
      (await accountOf(investor)).pastTransactions.find(
        (row: { transactionId: string }) => row.transactionId === small,
      ),
    ).toMatchObject({
      status: 'success',
    });

    const big = await payOut(investor, '150000');
    await deliver();
    const waiting = await accountOf(investor);
    expect({ held: waiting.heldAmount, available: waiting.availableAmount }).toEqual({
      held: '150000',
      available: '145000',
    });
    const [review] = (await ok(auditor, 'GET', '/payouts/review')).filter(
      (row: { transactionId: string }) => row.transactionId === big,
    );
    expect(review).toMatchObject({ status: 'waiting', amountCents: '150000', email: investor.email });

    expect(
      (await call(auditor, 'POST', `/payouts/${big}/decision`, { decision: 'release', reason: 'Geprüft.' })).statusCode,
    ).toBe(403);
    await ok(operator, 'POST', `/payouts/${big}/decision`, {
      decision: 'reject',
      reason: 'Empfängerkonto passt nicht.',
    });
    const again = await call(operator, 'POST', `/payouts/${big}/decision`, { decision: 'release', reason: 'Doch.' });
    expect(again.statusCode).toBe(409);
    expect(await accountOf(investor)).toMatchObject({ heldAmount: '0', availableAmount: '295000' });

    const released = await payOut(investor, '200000');
    await ok(operator, 'POST', `/payouts/${released}/decision`, {
      decision: 'release',
      reason: 'Geprüft, Empfänger bekannt.',
    });
    await deliver();
    const done = await accountOf(investor);
    expect(done).toMatchObject({ heldAmount: '0', availableAmount: '95000' });
    expect(
      done.pastTransactions.find((row: { transactionId: string }) => row.transactionId === released),
    ).toMatchObject({
      status: 'success',
    });
    expect((await ok(auditor, 'GET', '/reconciliation')).differenceCents).toBe(differenceBefore);
    await ok(operator, 'PUT', '/payouts/threshold', { thresholdCents: '500000' });
  });
});

describe('bonus codes and campaigns', () => {
  it('stops redemptions at the budget and when ended early, and lists who redeemed', async () => {
    const code = `BUDGET-${process.pid}`;
    const created = await ok(operator, 'POST', '/bonus-codes', {
      code: code.toLowerCase(),
      partnerId: null,
      title: 'Budgetaktion',
      amountCents: '1000',
      applicability: 'primaryMarket',
      minimumInvestmentCents: '0',
      validUntil: null,
      maxRedemptions: null,
      budgetCents: '2000',
    });
    expect(created.code).toBe(code);
    expect(
      (
        await call(operator, 'POST', '/bonus-codes', {
          ...created,
          amountCents: '1000',
          budgetCents: '2000',
          minimumInvestmentCents: '0',
        })
      ).statusCode,
    ).toBe(409);

    const redeem = async (user: LoggedIn) =>
      app.inject({ method: 'POST', url: `/api/v1/bonus/bonusCode/use/${code}`, headers: user.headers });
    const [a, b, c] = [await createLoggedInUser(app), await createLoggedInUser(app), await createLoggedInUser(app)];
    expect((await redeem(a)).statusCode).toBe(200);
    expect((await redeem(b)).statusCode).toBe(200);
    const third = await redeem(c);
    expect(third.statusCode).toBe(409);

    const [row] = (await ok(auditor, 'GET', '/bonus-codes')).filter((item: { code: string }) => item.code === code);
    expect(row).toMatchObject({ redemptions: 2, redeemedCents: '2000', state: 'usedUp' });
    const redemptions = await ok(auditor, 'GET', `/bonus-codes/${code}/redemptions`);
    expect(redemptions.map((item: { email: string }) => item.email).sort()).toEqual([a.email, b.email].sort());

    const open = `OPEN-${process.pid}`;
    await ok(operator, 'POST', '/bonus-codes', {
      ...created,
      code: open,
      budgetCents: null,
      amountCents: '500',
      minimumInvestmentCents: '0',
    });
    const ended = await ok(operator, 'POST', `/bonus-codes/${open}/disable`);
    expect(ended.state).toBe('disabled');
    const late = await redeem(c);
    expect(late.statusCode).toBe(409);
    expect(
      (await app.inject({ method: 'POST', url: `/api/v1/bonus/bonusCode/use/${open}`, headers: c.headers })).statusCode,
    ).not.toBe(200);
  });

  it('refuses a budget smaller than one bonus and a past end date', async () => {
    const body = {
      code: `BAD-${process.pid}`,
      partnerId: null,
      title: 'Falsch',
      amountCents: '1000',
      applicability: 'primaryMarket',
      minimumInvestmentCents: '0',
      validUntil: '2020-01-01T00:00:00Z',
      maxRedemptions: null,
      budgetCents: null,
    };
    expect((await call(operator, 'POST', '/bonus-codes', body)).statusCode).toBe(400);
    expect(
      (await call(operator, 'POST', '/bonus-codes', { ...body, validUntil: null, budgetCents: '500' })).statusCode,
    ).toBe(400);
  });
});

describe('partners', () => {
  it("changes look and contacts, refuses unreadable body text and another partner's address", async () => {
    const [first, second] = await ok(auditor, 'GET', '/partners');
    const { appId, partnerId: _p, appURL: _a, isDefault: _d, investors: _i, updatedAt: _u, ...body } = first;
    const changed = await ok(operator, 'PUT', `/partners/${appId}`, {
      ...body,
      name: 'Neuer Name',
      supportEmail: 'hilfe@example.at',
      legalProviders: { ...body.legalProviders, energyProvider: 'Wasserkraft Vertrieb GmbH' },
    });
    expect(changed).toMatchObject({ name: 'Neuer Name', supportEmail: 'hilfe@example.at' });
    const config = await app.inject({ url: `/api/v1/appConfig/${appId}` });
    expect(config.json().data.name).toBe('Neuer Name');
    // The companies its legal documents name (ADR 0050) are the partner's own.
    expect(config.json().data.legalProviders).toEqual({
      ...body.legalProviders,
      energyProvider: 'Wasserkraft Vertrieb GmbH',
    });
    const blank = await call(operator, 'PUT', `/partners/${appId}`, {
      ...body,
      legalProviders: { ...body.legalProviders, paymentProvider: ' ' },
    });
    expect(blank.statusCode).toBe(400);

    const grey = await call(operator, 'PUT', `/partners/${appId}`, {
      ...body,
      colors: { ...body.colors, navy900: '#bbbbbb' },
    });
    expect(grey.statusCode).toBe(400);
    expect(grey.json().error.message).toContain('Kontrast');
    if (second) {
      const clash = await call(operator, 'PUT', `/partners/${appId}`, { ...body, webAppURL: second.webAppURL });
      expect(clash.statusCode).toBe(400);
    }
    expect((await call(auditor, 'PUT', `/partners/${appId}`, body)).statusCode).toBe(403);
  });

  it('creates a partner whose app configuration is live at once; a taken app id is 409, a taken address 400', async () => {
    const appId = `neu-${process.pid}`;
    const created = await ok(operator, 'POST', '/partners', newPartner(appId));
    expect(created).toMatchObject({ appId, name: 'Ziegelwerk Invest', isDefault: false, investors: 0 });
    const config = await app.inject({ url: `/api/v1/appConfig/${appId}` });
    expect(config.statusCode).toBe(200);
    expect(config.json().data.name).toBe('Ziegelwerk Invest');
    const again = await call(operator, 'POST', '/partners', {
      ...newPartner(appId),
      webAppURL: 'https://anders.example',
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe('Diese App-ID gibt es schon.');
    const sameAddress = await call(operator, 'POST', '/partners', {
      ...newPartner(`${appId}-2`),
      webAppURL: `https://${appId}.example`,
    });
    expect(sameAddress.statusCode).toBe(400);
    expect((await call(auditor, 'POST', '/partners', newPartner(`${appId}-3`))).statusCode).toBe(403);
  });

  it('sets the referral terms; a budget below what was already paid is refused', async () => {
    const [first] = await ok(auditor, 'GET', '/partners');
    const { appId, partnerId, appURL: _a, isDefault: _d, investors: _i, updatedAt: _u, referral: _r, ...body } = first;
    const terms = {
      referrerBonusCents: '7500',
      refereeBonusCents: '2500',
      minimumInvestmentCents: '100000',
      budgetCents: '1000000',
    };
    const changed = await ok(operator, 'PUT', `/partners/${appId}`, { ...body, referral: terms });
    expect(changed.referral).toMatchObject(terms);
    await app.db.update(partners).set({ referralPaidCents: 20_000n }).where(eq(partners.partnerId, partnerId));
    const below = await call(operator, 'PUT', `/partners/${appId}`, {
      ...body,
      referral: { ...terms, budgetCents: '10000' },
    });
    expect(below.statusCode).toBe(400);
    expect(JSON.stringify(below.json().error)).toContain('schon ausgezahlten');
    // Without `referral` the terms stay.
    expect((await ok(operator, 'PUT', `/partners/${appId}`, body)).referral).toMatchObject(terms);
    await app.db
      .update(partners)
      .set({ referralPaidCents: 0n, referralBudgetCents: null })
      .where(eq(partners.partnerId, partnerId));
  });
});

describe('dashboard', () => {
  it('counts investors by furthest step and shows volume, signatures, failures and outbox lag', async () => {
    const before = await ok(auditor, 'GET', '/dashboard');
    const count = (view: { investorsByStep: { step: string; count: number }[] }, step: string) =>
      view.investorsByStep.find((row) => row.step === step)?.count ?? 0;
    await fundedInvestor(20);
    const after = await ok(auditor, 'GET', '/dashboard');
    expect(count(after, 'paidIn')).toBe(count(before, 'paidIn') + 1);
    expect(after.volumeByAsset.length).toBeGreaterThan(0);
    expect(after.outbox.lagSeconds).toBeGreaterThanOrEqual(0);
    expect(typeof after.signingRequests.open).toBe('number');
    expect((await app.inject({ url: `${P}/dashboard` })).statusCode).toBe(401);
  });
});
