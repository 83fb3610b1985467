import {
  agreementSignatures,
  identityVerifications,
  ledgerEntries,
  payoutReviews,
  primaryPurchases,
  pspSandboxWebhooks,
  securityApps,
  transactions,
  users,
} from '@bw/db';
import { and, eq, ne, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLoggedInUser, type LoggedIn } from '../modules/auth/auth.test-support.js';
import { reconcilePendingPayouts } from '../modules/payments/operations/reconcile-payouts.js';
import { RECONCILE_PAYOUTS_CRON, RECONCILE_PAYOUTS_JOB } from '../modules/payments/payments.jobs.js';
import { latestSmsCode } from '../modules/payments/payments.test-support.js';
import { createPrimaryAsset } from '../modules/primary-market/primary-market.test-support.js';
import { createBulkInvestors, signPayload } from './bulk-investors.js';
import { createTestApp, type TestApp } from './test-app.js';

/**
 * Issue 18, defects 3, 4, 8 and 10: races of 20 concurrent clients, over real HTTP against a
 * listening server (PostgreSQL when DATABASE_URL is set, as in CI): no 5xx, one winner, the
 * others a clear 409 with a German message; payout starts limited; payouts whose webhook was
 * lost are settled by the reconciliation job.
 */
const CLIENTS = 20;
const PSP_SECRET = 'test-psp-webhook-secret-0123456789';
let testApp: TestApp;
let app: FastifyInstance;
let base = '';

beforeAll(async () => {
  testApp = await createTestApp({
    env: {
      DATABASE_POOL_SIZE: '25',
      PSP_WEBHOOK_SECRET: PSP_SECRET,
      PSP_SANDBOX_SETTLE_DELAY_MS: '0',
      PSP_SANDBOX_PAYOUT_DELAY_MS: '0',
    },
  });
  app = testApp.app;
  await app.listen({ port: 0, host: '127.0.0.1', backlog: 512 });
  const address = app.server.address();
  base = typeof address === 'object' && address ? `http://127.0.0.1:${address.port}` : '';
});
afterAll(async () => testApp?.close());

type Answer = { status: number; json: { data?: Record<string, unknown>; error?: { code: string; message: string } } };

const call = async (headers: Record<string, string>, method: string, path: string, body?: unknown): Promise<Answer> => {
  const response = await fetch(`${base}${path}`, {
    method,
    headers: { ...headers, ...(body !== undefined ? { 'content-type': 'application/json' } : {}) },
    body: body !== undefined ? JSON.stringify(body) : undefined,
  });
  return { status: response.status, json: (await response.json()) as Answer['json'] };
};

const no5xx = (answers: Answer[]) => expect(answers.filter((answer) => answer.status >= 500)).toEqual([]);

describe('signing and cancelling the same purchase (defect 3)', () => {
  it(`${CLIENTS} rounds of sign against cancel: one wins, the other gets 409 in German, nothing stays reserved`, async () => {
    const assetId = await createPrimaryAsset(app.db, { availableShares: 1_000, pricePerShareCents: 10_000n });
    const investors = await createBulkInvestors(app.db, CLIENTS, { cashCents: 50_000n });
    const rounds = await Promise.all(
      investors.map(async (investor) => {
        const bought = await call(investor.headers, 'POST', `/api/v1/assets/initInvestment/${assetId}`, {
          shares: 1,
          acknowledgedAppropriateness: true,
        });
        expect(bought.status).toBe(200);
        const { signingRequestId, transactionId } = bought.json.data as {
          signingRequestId: string;
          transactionId: string;
        };
        const request = await call(investor.headers, 'GET', `/api/v1/securityApp/signingRequests/${signingRequestId}`);
        const signature = signPayload(investor, String(request.json.data?.canonicalPayload ?? ''));
        const [signed, canceled] = await Promise.all([
          call(investor.headers, 'POST', `/api/v1/securityApp/signingRequests/${signingRequestId}/signature`, {
            signature,
          }),
          call(investor.headers, 'POST', '/api/v1/assets/cancelTransaction', { transactionId }),
        ]);
        return { signed, canceled, transactionId };
      }),
    );
    no5xx(rounds.flatMap(({ signed, canceled }) => [signed, canceled]));
    for (const { signed, canceled, transactionId } of rounds) {
      const [purchase] = await app.db
        .select()
        .from(primaryPurchases)
        .where(eq(primaryPurchases.transactionId, transactionId));
      if (signed.status === 200) {
        expect(canceled.status).toBe(409);
        expect(canceled.json.error).toEqual({
          code: 'INVESTMENT_NOT_CANCELABLE',
          message: 'Dieser Kauf kann nicht mehr storniert werden.',
        });
        expect(purchase?.status).toBe('settled');
      } else {
        expect(canceled.status).toBe(200);
        expect(signed.status).toBe(409);
        expect(signed.json.error?.message).toBe('Diese Signaturanfrage wurde bereits beantwortet.');
        expect(purchase?.status).toBe('canceled');
      }
    }
    const unbalanced = await app.db
      .select({ unit: ledgerEntries.unit })
      .from(ledgerEntries)
      .groupBy(ledgerEntries.unit)
      .having(sql`sum(${ledgerEntries.amount}) <> 0`);
    expect(unbalanced).toEqual([]);
  }, 120_000);
});

describe('unique-constraint races (defect 4)', () => {
  it(`${CLIENTS} concurrent registerPrivate: one links, the others get 409 'bereits verbunden'`, async () => {
    const user = await createLoggedInUser(app);
    const keys = Array.from({ length: CLIENTS }, () =>
      Buffer.from(crypto.getRandomValues(new Uint8Array(32))).toString('base64url'),
    );
    const answers = await Promise.all(
      keys.map((publicKey) => call(user.headers, 'POST', '/api/v1/securityApp/registerPrivate', { publicKey })),
    );
    no5xx(answers);
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(1);
    for (const answer of answers.filter((a) => a.status !== 200)) {
      expect(answer.status).toBe(409);
      expect(answer.json.error?.code).toBe('SECURITY_APP_ALREADY_LINKED');
    }
    const live = await app.db
      .select()
      .from(securityApps)
      .where(and(eq(securityApps.userId, user.userId), ne(securityApps.status, 'disconnected')));
    expect(live).toHaveLength(1);
  });

  it(`${CLIENTS} concurrent pairings: every one answers a code, one app waits for pairing`, async () => {
    const user = await createLoggedInUser(app);
    const answers = await Promise.all(
      Array.from({ length: CLIENTS }, () => call(user.headers, 'POST', '/api/v1/securityApp/pairing')),
    );
    no5xx(answers);
    expect(answers.map((answer) => answer.status)).toEqual(answers.map(() => 200));
    const live = await app.db
      .select()
      .from(securityApps)
      .where(and(eq(securityApps.userId, user.userId), ne(securityApps.status, 'disconnected')));
    expect(live).toHaveLength(1);
  });

  it(`${CLIENTS} concurrent agreement signing requests open one signature`, async () => {
    const user = await createLoggedInUser(app);
    const answers = await Promise.all(
      Array.from({ length: CLIENTS }, () =>
        call(user.headers, 'POST', '/api/v1/identification/docident/signingRequest'),
      ),
    );
    no5xx(answers);
    expect(answers.map((answer) => answer.status)).toEqual(answers.map(() => 200));
    const rows = await app.db.select().from(agreementSignatures).where(eq(agreementSignatures.userId, user.userId));
    expect(rows).toHaveLength(1);
  });

  it(`${CLIENTS} concurrent identification starts create one provider case`, async () => {
    const user = await createLoggedInUser(app);
    const answers = await Promise.all(
      Array.from({ length: CLIENTS }, () =>
        call(user.headers, 'POST', '/api/v1/identification/docident', {
          documentType: 'passport',
          documentNumber: 'P1234567',
        }),
      ),
    );
    no5xx(answers);
    const cases = await app.db
      .select()
      .from(identityVerifications)
      .where(eq(identityVerifications.userId, user.userId));
    expect(cases).toHaveLength(1);
  });
});

type Payer = LoggedIn & { phone: string; payoutAccountId: string };

let phones = 0;
/** A verified user with 1,000 € paid in from an own bank account (so that account is a payout account). */
const payer = async (): Promise<Payer> => {
  const user = await createLoggedInUser(app);
  phones += 1;
  const phone = `+43676${String(process.pid % 1000).padStart(3, '0')}${String(phones).padStart(4, '0')}`;
  await app.db.update(users).set({ status: 'verified', phone }).where(eq(users.id, user.userId));
  const opened = await call(user.headers, 'POST', '/api/v1/payment/account');
  const iban = String(opened.json.data?.IBAN);
  const sent = await call({}, 'POST', '/api/v1/dev/psp/transfer', {
    iban,
    amount: '100000',
    name: 'Erika Muster',
    fromIban: 'DE89370400440532013000',
    reference: 'Einzahlung',
  });
  expect(sent.status).toBe(200);
  await app.sandbox.payments.deliverWebhooks({ all: true });
  const accounts = await call(user.headers, 'GET', '/api/v1/payment/payoutAccounts');
  const [first] = accounts.json.data as unknown as { id: string }[];
  if (!first) throw new Error('no payout account');
  return { ...user, phone, payoutAccountId: first.id };
};

const smsCode = (phone: string): Promise<string> => latestSmsCode(app, phone);

describe('payout starts are limited (defect 8)', () => {
  it(`${CLIENTS} concurrent starts to one payout account: 3 send an SMS, the others get 429 in German`, async () => {
    const user = await payer();
    const answers = await Promise.all(
      Array.from({ length: CLIENTS }, () =>
        call(user.headers, 'POST', '/api/v1/payment/initmoneyout', {
          amount: '100',
          payoutAccountId: user.payoutAccountId,
        }),
      ),
    );
    no5xx(answers);
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(3);
    for (const answer of answers.filter((a) => a.status !== 200)) {
      expect(answer.status).toBe(429);
      expect(answer.json.error).toEqual({
        code: 'PAYOUT_START_LIMIT',
        message: 'Du hast zu oft eine Auszahlung gestartet. Bitte warte eine Stunde und versuche es dann nochmal.',
      });
    }
    const started = await app.db
      .select({ count: sql<number>`count(*)::int` })
      .from(transactions)
      .where(and(eq(transactions.userId, user.userId), eq(transactions.type, 'payout')));
    expect(started[0]?.count).toBe(3);
  });
});

describe('payouts whose webhook was lost (defect 10)', () => {
  const confirmedPayout = async (user: Payer, amount: string): Promise<string> => {
    const started = await call(user.headers, 'POST', '/api/v1/payment/initmoneyout', {
      amount,
      payoutAccountId: user.payoutAccountId,
    });
    const transactionId = String(started.json.data?.transactionId);
    const done = await call(user.headers, 'POST', '/api/v1/payment/moneyout', {
      transactionId,
      smsCode: await smsCode(user.phone),
    });
    expect(done.status).toBe(200);
    return transactionId;
  };
  const statusOf = async (id: string) =>
    (await app.db.select().from(transactions).where(eq(transactions.id, id)))[0]?.status;

  it('keeps the sandbox queue in the database: a queued webhook survives a restart of the sender', async () => {
    const user = await payer();
    const id = await confirmedPayout(user, '200');
    await app.outboxRelay.drain();
    const queued = await app.db
      .select()
      .from(pspSandboxWebhooks)
      .where(sql`${pspSandboxWebhooks.event}->>'payoutId' = ${id}`);
    expect(queued).toHaveLength(1);
    expect(queued[0]?.deliveredAt).toBeNull();
    await app.sandbox.payments.deliverWebhooks({ all: true });
    expect(await statusOf(id)).toBe('success');
  });

  it('settles or voids a payout pending past the threshold by asking the provider; leaves held ones alone', async () => {
    const user = await payer();
    const succeeded = await confirmedPayout(user, '300');
    const failed = await confirmedPayout(user, '166');
    await app.outboxRelay.drain();
    // The crash: the provider executed both payouts, but their webhooks are gone.
    await app.db.delete(pspSandboxWebhooks).where(sql`${pspSandboxWebhooks.deliveredAt} IS NULL`);
    // A payout waiting for staff review (above the review threshold) must not be touched.
    const held = await confirmedPayout(user, '400');
    await app.db.insert(payoutReviews).values({ transactionId: held, amountCents: 400n }).onConflictDoNothing();
    expect(await statusOf(succeeded)).toBe('pending');

    const early = await reconcilePendingPayouts(app.db, app.outbox, app.providers.payments, {
      now: new Date(),
      log: app.log,
    });
    expect(early.checked).toBe(0);
    const result = await reconcilePendingPayouts(app.db, app.outbox, app.providers.payments, {
      now: new Date(Date.now() + 16 * 60_000),
      log: app.log,
    });
    expect(result).toMatchObject({ settled: 1, voided: 1 });
    expect(await statusOf(succeeded)).toBe('success');
    expect(await statusOf(failed)).toBe('error');
    expect(await statusOf(held)).toBe('pending');
    const again = await reconcilePendingPayouts(app.db, app.outbox, app.providers.payments, {
      now: new Date(Date.now() + 16 * 60_000),
      log: app.log,
    });
    expect(again).toMatchObject({ settled: 0, voided: 0 });
    // The worker runs it every five minutes (app.ts schedules it with the other crons).
    expect(app.jobRegistry.get(RECONCILE_PAYOUTS_JOB)).toBeDefined();
    expect(RECONCILE_PAYOUTS_CRON).toBe('*/5 * * * *');
  });
});
