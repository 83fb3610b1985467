import { assetIncome, paymentAccounts, providerNotifications, providerObjects, reconciliationCases } from '@bw/db';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { currentMonth, incomeBody } from '../../modules/distributions/distributions.test-support.js';
import { recordIncome } from '../../modules/distributions/operations/record-income.js';
import { completeOnboarding } from '../../modules/identification/identification.test-support.js';
import { latestSmsCode } from '../../modules/payments/payments.test-support.js';
import { HANDLE_PSP_NOTIFICATION_TOPIC } from '../../modules/payments/provider/handle-notification.js';
import { mirrorPostings, reconcileWallets } from '../../modules/payments/provider/wallet-mirror.js';
import {
  answerInApp,
  balanceOfBook,
  createInvestor,
  createPrimaryAsset,
  type Investor,
} from '../../modules/primary-market/primary-market.test-support.js';
import { systemActor } from '../../platform/audit.js';
import {
  type MangopayContractServer,
  startMangopayContractServer,
} from '../../test/contract-servers/mangopay-contract-server.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import type { ProviderWallets } from './payment-provider.js';

/**
 * The Mangopay adapter against a local server speaking Mangopay's API (issue 38). With
 * MANGOPAY_SANDBOX_CLIENT_ID and MANGOPAY_SANDBOX_API_KEY set, `mangopay-sandbox.integration.test.ts`
 * runs the adapter's own calls against Mangopay's sandbox instead.
 */
let contract: MangopayContractServer;
let testApp: TestApp;
let app: FastifyInstance;
let wallets: ProviderWallets;

beforeAll(async () => {
  contract = await startMangopayContractServer();
  testApp = await createTestApp({
    env: {
      PAYMENT_PROVIDER: 'mangopay',
      MANGOPAY_CLIENT_ID: contract.clientId,
      MANGOPAY_API_KEY: contract.apiKey,
      MANGOPAY_BASE_URL: contract.url,
      MANGOPAY_PLATFORM_USER_ID: contract.platformUserId,
      MANGOPAY_FEE_WALLET_ID: contract.feeWalletId,
      MANGOPAY_HOUSE_WALLET_ID: contract.houseWalletId,
      PROVIDER_TIMEOUT_MS: '1500',
    },
  });
  app = testApp.app;
  const address = await app.listen({ host: '127.0.0.1', port: 0 });
  contract.control.setHookUrl(`${address}/api/v1/payment/mangopay/hook`);
  if (!app.providers.payments.wallets) throw new Error('no wallets');
  wallets = app.providers.payments.wallets;
}, 60_000);
afterAll(async () => {
  await testApp?.close();
  await contract?.close();
});

const cash = (userId: string) => balanceOfBook(app.db, `user_cash:${userId}`);
const openAccount = (investor: Investor) =>
  app.inject({ method: 'POST', url: '/api/v1/payment/account', headers: investor.headers });

describe('Mangopay: a fresh investor pays in, buys, pays out; the wallets agree with the ledger', () => {
  let investor: Investor;
  let phone: string;
  let iban: string;
  let walletId: string;

  it('opens a user, a wallet and a virtual IBAN, every create with an idempotency key; a second open finds them', async () => {
    investor = await createInvestor(app);
    phone = await completeOnboarding(app, investor);
    const opened = await openAccount(investor);
    expect(opened.statusCode, opened.body).toBe(200);
    iban = opened.json().data.IBAN;
    expect(iban).toMatch(/^FR\d{2}/);
    const creates = contract.requests.filter(
      (request) => request.method === 'POST' && request.path !== '/v2.01/oauth/token',
    );
    expect(creates.map((request) => request.path)).toEqual([
      `/v2.01/${contract.clientId}/users/natural`,
      `/v2.01/${contract.clientId}/wallets`,
      expect.stringMatching(/\/wallets\/\d+\/virtual-accounts$/),
    ]);
    expect(creates.every((request) => request.status === 200 && request.idempotencyKey)).toBe(true);
    const [row] = await app.db.select().from(paymentAccounts).where(eq(paymentAccounts.userId, investor.userId));
    walletId = row?.providerWalletId ?? '';
    expect((await openAccount(investor)).json().data.IBAN).toBe(iban);
    expect(contract.requests.filter((request) => request.method === 'POST').length).toBe(creates.length + 1);
  });

  it('books a SEPA pay-in from the pay-in Mangopay names, after answering the unsigned hook at once', async () => {
    const wire = await contract.control.incomingWire({
      iban,
      amountCents: 250_000,
      ownerName: 'Erika Muster',
      ownerIban: 'AT611904300234573201',
      reference: 'Einzahlung Brickwise',
    });
    expect(wire.hookStatus).toBe(200);
    expect(contract.hookAnswersMs.at(-1)).toBeLessThan(2_000);
    expect(await cash(investor.userId)).toBe(0n);
    await app.outboxRelay.drain();
    expect(await cash(investor.userId)).toBe(250_000n);
    // The same hook again changes nothing.
    expect(await contract.control.sendHook('PAYIN_NORMAL_SUCCEEDED', wire.payInId)).toBe(200);
    await app.outboxRelay.drain();
    expect(await cash(investor.userId)).toBe(250_000n);
    const payoutAccounts = await app.inject({ url: '/api/v1/payment/payoutAccounts', headers: investor.headers });
    expect(payoutAccounts.json().data).toMatchObject([{ IBAN: 'AT611904300234573201', owner: 'Erika Muster' }]);
  });

  it('refuses a forged hook: a pay-in Mangopay does not know books nothing', async () => {
    expect(await contract.control.sendHook('PAYIN_NORMAL_SUCCEEDED', '987654321')).toBe(200);
    await app.outboxRelay.drain();
    const [row] = await app.db
      .select()
      .from(providerNotifications)
      .where(eq(providerNotifications.resourceId, '987654321'));
    expect(row).toMatchObject({ outcome: 'refused', eventType: 'PAYIN_NORMAL_SUCCEEDED' });
    expect(await cash(investor.userId)).toBe(250_000n);
    // Not Mangopay's hook at all: malformed parameters are refused before anything is recorded.
    const malformed = await app.inject({ url: '/api/v1/payment/mangopay/hook?EventType=x&RessourceId=1&Date=1' });
    expect(malformed.statusCode).toBe(400);
    expect(HANDLE_PSP_NOTIFICATION_TOPIC).toBe('payments.handle-provider-notification');
  });

  it('mirrors a purchase as transfers between wallets; the reconciliation finds no difference', async () => {
    const assetId = await createPrimaryAsset(app.db, { availableShares: 100, pricePerShareCents: 10_000n });
    const init = await app.inject({
      method: 'POST',
      url: `/api/v1/assets/initInvestment/${assetId}`,
      headers: investor.headers,
      payload: { acknowledgedAppropriateness: true, shares: 10 },
    });
    expect(init.statusCode, init.body).toBe(200);
    expect((await answerInApp(app, investor, init.json().data.signingRequestId)).statusCode).toBe(200);
    const mirrored = await mirrorPostings(app.db, wallets, app.log);
    expect(mirrored.failed).toBe(0);
    expect(mirrored.transfers).toBeGreaterThanOrEqual(2);
    // 10 × 100 € plus the 1 % fee left the investor's wallet: to the house wallet and the fee wallet.
    expect(contract.control.balanceOf(walletId)).toBe(Number(await cash(investor.userId)));
    expect(contract.control.balanceOf(contract.houseWalletId)).toBe(100_000);
    expect(contract.control.balanceOf(contract.feeWalletId)).toBe(1_000);
    expect((await mirrorPostings(app.db, wallets, app.log)).transfers).toBe(0);
    const result = await reconcileWallets(app.db, wallets, { now: new Date(), log: app.log });
    expect(result.differences).toEqual([]);
    expect(result.checked).toBeGreaterThanOrEqual(3);
  });

  it('pays out to the verified bank account; pending and settled, the wallets still agree', async () => {
    const accounts = await app.inject({ url: '/api/v1/payment/payoutAccounts', headers: investor.headers });
    const init = await app.inject({
      method: 'POST',
      url: '/api/v1/payment/initmoneyout',
      headers: investor.headers,
      payload: { amount: '40000', payoutAccountId: accounts.json().data[0].id },
    });
    expect(init.statusCode, init.body).toBe(200);
    const transactionId = init.json().data.transactionId;
    const confirmed = await app.inject({
      method: 'POST',
      url: '/api/v1/payment/moneyout',
      headers: investor.headers,
      payload: { transactionId, smsCode: await latestSmsCode(app, phone) },
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    await app.outboxRelay.drain();
    const [payout] = contract.control.payouts();
    expect(payout).toMatchObject({ status: 'CREATED', amount: 40_000, walletId });
    expect((await reconcileWallets(app.db, wallets, { now: new Date(), log: app.log })).differences).toEqual([]);

    expect(await contract.control.completePayout(payout?.id ?? '')).toBe(200);
    await app.outboxRelay.drain();
    const after = await app.inject({ url: `/api/v1/payment/transactions/${transactionId}`, headers: investor.headers });
    expect(after.json().data.status).toBe('success');
    expect((await reconcileWallets(app.db, wallets, { now: new Date(), log: app.log })).differences).toEqual([]);
  });

  it('reports a difference injected at the provider and opens one back-office case for it', async () => {
    contract.control.adjustBalance(walletId, 123);
    const result = await reconcileWallets(app.db, wallets, { now: new Date(), log: app.log });
    expect(result.differences).toEqual([
      expect.objectContaining({ providerWalletId: walletId, userId: investor.userId, differenceCents: 123n }),
    ]);
    const cases = await app.db.select().from(reconciliationCases);
    expect(cases).toEqual([
      expect.objectContaining({ providerWalletId: walletId, differenceCents: 123n, status: 'open' }),
    ]);
    contract.control.adjustBalance(walletId, -123);
  });
});

describe('Mangopay: an asset income arrives at the house wallet and is the income.received the sandbox sends', () => {
  const expectedIncome = async (amount: string) => {
    const assetId = await createPrimaryAsset(app.db, { availableShares: 100, distributionFrequency: 'monthly' });
    const income = await recordIncome(
      { db: app.db, outbox: app.outbox },
      systemActor('mangopay-income-test'),
      assetId,
      incomeBody(currentMonth(), amount),
    );
    return { assetId, incomeId: income.id };
  };
  const statusOf = async (incomeId: string) =>
    (await app.db.select().from(assetIncome).where(eq(assetIncome.id, incomeId)))[0];

  it('books a SEPA wire to the house wallet quoting the income: recorded, once, and the wallets agree', async () => {
    const { assetId, incomeId } = await expectedIncome('84000');
    const wire = await contract.control.incomingWireToWallet({
      walletId: contract.houseWalletId,
      amountCents: 84_000,
      ownerName: 'Mieterin Top 4',
      ownerIban: 'AT483200000012345864',
      reference: incomeId,
    });
    expect(wire.hookStatus).toBe(200);
    expect((await statusOf(incomeId))?.status).toBe('expected');
    await app.outboxRelay.drain();
    expect(await statusOf(incomeId)).toMatchObject({
      status: 'recorded',
      providerTransferId: `mangopay-payin-${wire.payInId}`,
    });
    expect(await balanceOfBook(app.db, `asset_income:${assetId}`)).toBe(84_000n);
    // The same hook again books nothing more.
    expect(await contract.control.sendHook('PAYIN_NORMAL_SUCCEEDED', wire.payInId)).toBe(200);
    await app.outboxRelay.drain();
    expect(await balanceOfBook(app.db, `asset_income:${assetId}`)).toBe(84_000n);
    // The provider holds the income in the house wallet, and the house books say so.
    expect((await mirrorPostings(app.db, wallets, app.log)).failed).toBe(0);
    expect((await reconcileWallets(app.db, wallets, { now: new Date(), log: app.log })).differences).toEqual([]);
  });

  it('books an issuer’s transfer from its own wallet into the house wallet, its Tag the income', async () => {
    const { assetId, incomeId } = await expectedIncome('12345');
    const transfer = await contract.control.outsideTransfer({
      toWalletId: contract.houseWalletId,
      amountCents: 12_345,
      tag: incomeId,
    });
    expect(transfer.hookStatus).toBe(200);
    await app.outboxRelay.drain();
    expect(await statusOf(incomeId)).toMatchObject({
      status: 'recorded',
      providerTransferId: `mangopay-transfer-${transfer.transferId}`,
    });
    expect(await balanceOfBook(app.db, `asset_income:${assetId}`)).toBe(12_345n);
    expect((await reconcileWallets(app.db, wallets, { now: new Date(), log: app.log })).differences).toEqual([]);
  });

  it('books nothing for a wire of another amount, our own mirrored transfers, or a forged transfer hook', async () => {
    const { assetId, incomeId } = await expectedIncome('50000');
    await contract.control.incomingWireToWallet({
      walletId: contract.houseWalletId,
      amountCents: 49_999,
      ownerName: 'Mieterin Top 4',
      ownerIban: 'AT483200000012345864',
      reference: incomeId,
    });
    await app.outboxRelay.drain();
    expect((await statusOf(incomeId))?.status).toBe('expected');
    expect(await balanceOfBook(app.db, `asset_income:${assetId}`)).toBe(0n);
    contract.control.adjustBalance(contract.houseWalletId, -49_999);
    // A transfer the ledger's mirror made into the house wallet is known: its hook changes nothing.
    const [own] = await app.db.select().from(providerObjects).where(eq(providerObjects.kind, 'transfer'));
    expect(await contract.control.sendHook('TRANSFER_NORMAL_SUCCEEDED', own?.providerId ?? '')).toBe(200);
    await app.outboxRelay.drain();
    const [ownHook] = await app.db
      .select()
      .from(providerNotifications)
      .where(eq(providerNotifications.resourceId, own?.providerId ?? ''));
    expect(ownHook).toMatchObject({ outcome: 'ignored' });
    expect(await contract.control.sendHook('TRANSFER_NORMAL_SUCCEEDED', '987654322')).toBe(200);
    await app.outboxRelay.drain();
    const [forged] = await app.db
      .select()
      .from(providerNotifications)
      .where(eq(providerNotifications.resourceId, '987654322'));
    expect(forged).toMatchObject({ outcome: 'refused', eventType: 'TRANSFER_NORMAL_SUCCEEDED' });
    expect((await statusOf(incomeId))?.status).toBe('expected');
  });
});

describe('Mangopay outage', () => {
  it('answers 503 with the German text, quickly, and writes no payment account', async () => {
    const investor = await createInvestor(app);
    await completeOnboarding(app, investor);
    contract.control.setOutage('down');
    try {
      const down = await openAccount(investor);
      expect(down.statusCode).toBe(503);
      expect(down.json().error).toMatchObject({
        code: 'PROVIDER_UNAVAILABLE',
        message: 'Unser Partnerdienst ist gerade nicht erreichbar. Bitte versuche es später nochmal.',
      });
      contract.control.setOutage('hang');
      const started = Date.now();
      const hanging = await openAccount(investor);
      expect(hanging.statusCode).toBe(503);
      expect(Date.now() - started).toBeLessThan(6_000);
      // The circuit is open now: answered at once, without asking the provider.
      const fast = Date.now();
      expect((await openAccount(investor)).statusCode).toBe(503);
      expect(Date.now() - fast).toBeLessThan(500);
      const rows = await app.db.select().from(paymentAccounts).where(eq(paymentAccounts.userId, investor.userId));
      expect(rows).toEqual([]);
    } finally {
      contract.control.setOutage('none');
    }
    const metrics = await app.inject({ url: '/metrics' });
    expect([200, 404]).toContain(metrics.statusCode);
  }, 30_000);
});
