import { ledgerAccountBalances, pspWebhookEvents, users } from '@bw/db';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { isValidBIC, isValidIBAN } from 'ibantools';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { createLoggedInUser, type LoggedIn } from '../auth/auth.test-support.js';
import { latestSmsCode as latestSmsCodeOf, postPspWebhook } from './payments.test-support.js';

const SECRET = 'test-psp-webhook-secret-0123456789';
const OWN_BANK_IBAN = 'DE89370400440532013000';

let testApp: TestApp;
let app: FastifyInstance;

beforeAll(async () => {
  testApp = await createTestApp({
    env: { PSP_WEBHOOK_SECRET: SECRET, PSP_SANDBOX_SETTLE_DELAY_MS: '0', PSP_SANDBOX_PAYOUT_DELAY_MS: '0' },
  });
  app = testApp.app;
  // The sandbox provider posts its webhooks over real HTTP to this server.
  await app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => testApp.close());

let phoneCounter = 0;
const verifiedUser = async (): Promise<LoggedIn & { phone: string; iban: string }> => {
  const user = await createLoggedInUser(app);
  phoneCounter += 1;
  const phone = `+43664${String(process.pid % 1000).padStart(3, '0')}${String(phoneCounter).padStart(4, '0')}`;
  await app.db.update(users).set({ status: 'verified', phone }).where(eq(users.id, user.userId));
  const opened = await app.inject({ method: 'POST', url: '/api/v1/payment/account', headers: user.headers });
  expect(opened.statusCode).toBe(200);
  return { ...user, phone, iban: opened.json().data.IBAN };
};

const account = async (user: LoggedIn) =>
  (await app.inject({ url: '/api/v1/payment/account', headers: user.headers })).json().data;

const transfer = async (iban: string, amount: string, name = 'Erika Muster', reference = 'Einzahlung') => {
  const res = await app.inject({
    method: 'POST',
    url: '/api/v1/dev/psp/transfer',
    payload: { iban, amount, name, fromIban: OWN_BANK_IBAN, reference },
  });
  expect(res.statusCode).toBe(200);
  return res.json().data.transferId as string;
};

const deliver = async () => {
  await app.outboxRelay.drain();
  await app.sandbox.payments.deliverWebhooks({ all: true });
  await app.outboxRelay.drain();
  await app.sandbox.payments.deliverWebhooks({ all: true });
};

const latestSmsCode = (phone: string): Promise<string> => latestSmsCodeOf(app, phone);

const postSigned = (body: string, options: { secret?: string; timestamp?: number } = {}) =>
  postPspWebhook(app, {
    secret: options.secret ?? SECRET,
    body,
    ...(options.timestamp ? { timestamp: options.timestamp } : {}),
  });

const walletIdOf = async (userId: string): Promise<string> => {
  const rows = (await app.db.execute(
    sql`SELECT provider_wallet_id FROM payment_accounts WHERE user_id = ${userId}`,
  )) as unknown as { rows: { provider_wallet_id: string }[] };
  const walletId = rows.rows[0]?.provider_wallet_id;
  if (!walletId) throw new Error('no wallet');
  return walletId;
};

describe('payment account', () => {
  it('opens one wallet with a valid Austrian IBAN and a BIC, idempotently', async () => {
    const user = await verifiedUser();
    expect(user.iban).toMatch(/^AT\d{18}$/);
    expect(isValidIBAN(user.iban)).toBe(true);
    const again = await app.inject({ method: 'POST', url: '/api/v1/payment/account', headers: user.headers });
    expect(again.json().data.IBAN).toBe(user.iban);
    const view = await account(user);
    expect(isValidBIC(view.BIC)).toBe(true);
    expect(view).toMatchObject({ amount: '0', availableAmount: '0', IBAN: user.iban });
  });

  it('refuses a wallet before verification', async () => {
    const user = await createLoggedInUser(app);
    const res = await app.inject({ method: 'POST', url: '/api/v1/payment/account', headers: user.headers });
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('PAYMENT_ACCOUNT_NOT_ALLOWED');
  });

  it('credits a transfer (pending, then credited) and adds the sender IBAN as payout account', async () => {
    const user = await verifiedUser();
    const stranger = await transfer(user.iban, '500', 'Max Fremd', 'von jemand anderem');
    await app.outboxRelay.drain();
    await app.sandbox.payments.deliverWebhooks({ all: false });
    // received is due at once; with delay 0 settled is also due, so check the final state and the lists.
    await deliver();
    await transfer(user.iban, '1', 'MUSTER, erika', 'Konto bestätigen');
    await deliver();
    const view = await account(user);
    expect(view.availableAmount).toBe('501');
    expect(view.amount).toBe('501');
    expect(view.pastTransactions).toHaveLength(2);
    expect(view.pastTransactions[0]).toMatchObject({ type: 'charge', status: 'success', method: 'bankWire' });
    expect(stranger).toMatch(/^trf_/);
    const payouts = (await app.inject({ url: '/api/v1/payment/payoutAccounts', headers: user.headers })).json().data;
    expect(payouts).toEqual([expect.objectContaining({ IBAN: OWN_BANK_IBAN, owner: 'MUSTER, erika' })]);
  });

  it('shows a transfer as pending before it settles, and a returned one as canceled', async () => {
    const user = await verifiedUser();
    await transfer(user.iban, '700', 'Erika Muster', 'bitte FAIL');
    await app.sandbox.payments.deliverWebhooks({ all: false });
    const pendingOrDone = await account(user);
    expect(pendingOrDone.availableAmount).toBe('0');
    await deliver();
    const view = await account(user);
    expect(view.availableAmount).toBe('0');
    expect(view.pastTransactions[0]).toMatchObject({ status: 'canceled', amount: '700' });
  });

  it('lets only the owner read a transaction', async () => {
    const owner = await verifiedUser();
    const other = await verifiedUser();
    await transfer(owner.iban, '300');
    await deliver();
    const [first] = (await account(owner)).pastTransactions;
    const mine = await app.inject({
      url: `/api/v1/payment/transactions/${first.transactionId}`,
      headers: owner.headers,
    });
    expect(mine.statusCode).toBe(200);
    expect(mine.json().data).toMatchObject({ transactionId: first.transactionId, amount: '300' });
    const theirs = await app.inject({
      url: `/api/v1/payment/transactions/${first.transactionId}`,
      headers: other.headers,
    });
    expect(theirs.statusCode).toBe(404);
    const guest = await app.inject({ url: `/api/v1/payment/transactions/${first.transactionId}` });
    expect(guest.statusCode).toBe(401);
  });
});

describe('pay-out', () => {
  const init = (user: LoggedIn, amount: string, payoutAccountId: string, key?: string) =>
    app.inject({
      method: 'POST',
      url: '/api/v1/payment/initmoneyout',
      headers: { ...user.headers, ...(key ? { 'idempotency-key': key } : {}) },
      payload: { amount, payoutAccountId },
    });
  const confirm = (user: LoggedIn, transactionId: string, smsCode: string) =>
    app.inject({
      method: 'POST',
      url: '/api/v1/payment/moneyout',
      headers: user.headers,
      payload: { transactionId, smsCode },
    });

  it('needs a payout account first', async () => {
    const user = await verifiedUser();
    const res = await init(user, '100', '00000000-0000-4000-8000-000000000000');
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('PAYOUT_ACCOUNT_REQUIRED');
  });

  it('checks minimum and balance with the spec messages, then pays out with the SMS code', async () => {
    const user = await verifiedUser();
    await transfer(user.iban, '1000');
    await deliver();
    const [payee] = (await app.inject({ url: '/api/v1/payment/payoutAccounts', headers: user.headers })).json().data;

    const tooSmall = await init(user, '9', payee.id);
    expect(tooSmall.json().error).toMatchObject({
      code: 'PAYOUT_BELOW_MINIMUM',
      message: 'Der Mindestbetrag für eine Auszahlung ist 0,10 €.',
    });
    const tooMuch = await init(user, '1001', payee.id);
    expect(tooMuch.json().error).toMatchObject({
      code: 'PAYOUT_INSUFFICIENT_FUNDS',
      message: 'So viel Guthaben hast du nicht verfügbar.',
    });

    const started = await init(user, '400', payee.id, 'init-key-0001');
    expect(started.statusCode).toBe(200);
    const { transactionId } = started.json().data;
    const replay = await init(user, '400', payee.id, 'init-key-0001');
    expect(replay.json().data.transactionId).toBe(transactionId);
    const reused = await init(user, '401', payee.id, 'init-key-0001');
    expect(reused.json().error.code).toBe('IDEMPOTENCY_KEY_REUSED');

    const code = await latestSmsCode(user.phone);
    const wrong = await confirm(user, transactionId, code === '000000' ? '111111' : '000000');
    expect(wrong.json().error).toMatchObject({
      code: 'PAYOUT_CODE_WRONG',
      message: 'Der eingebene Code ist leider falsch',
    });

    const done = await confirm(user, transactionId, code);
    expect(done.statusCode).toBe(200);
    expect(done.json().data.transaction).toMatchObject({ type: 'payout', status: 'pending', amount: '400' });
    const retried = await confirm(user, transactionId, code);
    expect(retried.json().data.transaction.transactionId).toBe(transactionId);
    let view = await account(user);
    expect(view).toMatchObject({ availableAmount: '600', heldAmount: '400' });
    expect(view.pendingTransactions).toHaveLength(1);

    await deliver();
    view = await account(user);
    expect(view).toMatchObject({ availableAmount: '600', heldAmount: '0' });
    expect(view.pastTransactions[0]).toMatchObject({ type: 'payout', status: 'success', amount: '400' });
    expect(view.pastTransactions[0].payoutAccount.IBAN).toBe(OWN_BANK_IBAN);
  });

  it('returns the money when the provider fails the payout (cents ending in 66)', async () => {
    const user = await verifiedUser();
    await transfer(user.iban, '1000');
    await deliver();
    const [payee] = (await app.inject({ url: '/api/v1/payment/payoutAccounts', headers: user.headers })).json().data;
    const started = (await init(user, '166', payee.id)).json().data;
    await confirm(user, started.transactionId, await latestSmsCode(user.phone));
    await deliver();
    const view = await account(user);
    expect(view).toMatchObject({ availableAmount: '1000', heldAmount: '0' });
    expect(view.pastTransactions[0]).toMatchObject({ type: 'payout', status: 'error' });
  });

  it('locks the code after three wrong tries, and refuses an expired code', async () => {
    const user = await verifiedUser();
    await transfer(user.iban, '1000');
    await deliver();
    const [payee] = (await app.inject({ url: '/api/v1/payment/payoutAccounts', headers: user.headers })).json().data;
    const started = (await init(user, '100', payee.id)).json().data;
    const code = await latestSmsCode(user.phone);
    const wrongCode = code === '000000' ? '111111' : '000000';
    for (let attempt = 0; attempt < 3; attempt += 1) {
      expect((await confirm(user, started.transactionId, wrongCode)).json().error.code).toBe('PAYOUT_CODE_WRONG');
    }
    expect((await confirm(user, started.transactionId, code)).statusCode).toBe(409);

    const second = (await init(user, '100', payee.id)).json().data;
    await app.db.execute(
      sql`UPDATE payout_challenges SET expires_at = now() - interval '1 second' WHERE transaction_id = ${second.transactionId}`,
    );
    const expired = await confirm(user, second.transactionId, await latestSmsCode(user.phone));
    expect(expired.json().error.code).toBe('PAYOUT_CODE_EXPIRED');
    expect((await account(user)).availableAmount).toBe('1000');
  });
});

describe('provider webhooks', () => {
  const clearingBalance = async () =>
    (await app.db.select().from(ledgerAccountBalances).where(eq(ledgerAccountBalances.accountKey, 'psp_clearing')))[0]
      ?.balance;

  it('refuses forged, stale, replayed and out-of-order messages without changing anything', async () => {
    const user = await verifiedUser();
    const walletId = await walletIdOf(user.userId);
    const received = JSON.stringify({
      eventId: 'evt_test_received_1',
      type: 'transfer.received',
      transferId: `trf_manual_${user.userId}`,
      walletId,
      amount: '2500',
      senderName: 'Erika Muster',
      senderIban: OWN_BANK_IBAN,
      reference: 'manuell',
    });
    const settled = JSON.stringify({
      eventId: 'evt_test_settled_1',
      type: 'transfer.settled',
      transferId: `trf_manual_${user.userId}`,
    });
    const before = await clearingBalance();

    const forged = await postSigned(settled, { secret: 'not-the-secret-at-all-000' });
    expect(forged.statusCode).toBe(401);
    const unsigned = await app.inject({
      method: 'POST',
      url: '/api/v1/payment/webhook',
      headers: { 'content-type': 'application/json' },
      payload: settled,
    });
    expect(unsigned.statusCode).toBe(401);
    const stale = await postSigned(received, { timestamp: Math.floor(Date.now() / 1000) - 3600 });
    expect(stale.statusCode).toBe(400);
    expect(stale.json().error.code).toBe('WEBHOOK_TIMESTAMP_STALE');

    // settled before received: refused with 409 so the provider retries, nothing recorded
    const early = await postSigned(settled);
    expect(early.statusCode).toBe(409);
    expect(
      await app.db.select().from(pspWebhookEvents).where(eq(pspWebhookEvents.eventId, 'evt_test_settled_1')),
    ).toHaveLength(0);
    expect((await account(user)).availableAmount).toBe('0');

    expect((await postSigned(received)).json().data.outcome).toBe('applied');
    expect((await account(user)).pendingTransactions).toHaveLength(1);
    expect((await postSigned(settled)).json().data.outcome).toBe('applied');
    expect((await account(user)).availableAmount).toBe('2500');

    // replays change nothing
    expect((await postSigned(settled)).json().data.outcome).toBe('duplicate');
    expect((await postSigned(received)).json().data.outcome).toBe('duplicate');
    // the same transfer under a new event id changes nothing either
    const again = JSON.stringify({ ...JSON.parse(settled), eventId: 'evt_test_settled_2' });
    expect((await postSigned(again)).json().data.outcome).toBe('ignored');
    const view = await account(user);
    expect(view.availableAmount).toBe('2500');
    expect(view.pastTransactions).toHaveLength(1);
    expect(await clearingBalance()).toBe((before ?? 0n) - 2500n);
  });

  it('ignores a payout success after the payout failed', async () => {
    const user = await verifiedUser();
    await transfer(user.iban, '1000');
    await deliver();
    const [payee] = (await app.inject({ url: '/api/v1/payment/payoutAccounts', headers: user.headers })).json().data;
    const started = (
      await app.inject({
        method: 'POST',
        url: '/api/v1/payment/initmoneyout',
        headers: user.headers,
        payload: { amount: '266', payoutAccountId: payee.id },
      })
    ).json().data;
    await app.inject({
      method: 'POST',
      url: '/api/v1/payment/moneyout',
      headers: user.headers,
      payload: { transactionId: started.transactionId, smsCode: await latestSmsCode(user.phone) },
    });
    await deliver();
    const late = JSON.stringify({
      eventId: 'evt_late_success',
      type: 'payout.succeeded',
      payoutId: started.transactionId,
    });
    expect((await postSigned(late)).json().data.outcome).toBe('ignored');
    const view = await account(user);
    expect(view).toMatchObject({ availableAmount: '1000', heldAmount: '0' });
    expect(view.pastTransactions[0]).toMatchObject({ type: 'payout', status: 'error' });
  });
});
