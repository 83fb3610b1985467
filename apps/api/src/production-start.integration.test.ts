import type { AddressInfo } from 'node:net';
import {
  agreementSignatures,
  assets,
  identityVerifications,
  ledgerPostings,
  paymentAccounts,
  reconciliationCases,
  users,
} from '@bw/db';
import { count, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import webpush from 'web-push';
import { ConfigError, loadConfig } from './config.js';
import { samplePvAsset } from './modules/assets/admin/assets-admin.test-support.js';
import { createAsset } from './modules/assets/admin/create-asset.js';
import { cookieHeaderOf, type LoggedIn } from './modules/auth/auth.test-support.js';
import { systemActor } from './modules/backoffice/audit.js';
import { linkSecurityApp } from './modules/bulletin-board/bulletin-board.test-support.js';
import {
  A,
  acceptAllTerms,
  completeOnboarding,
  DRAWN_SIGNATURE,
  identificationClient,
  JPEG,
  PNG,
} from './modules/identification/identification.test-support.js';
import { mirrorPostings, reconcileWallets } from './modules/payments/provider/wallet-mirror.js';
import { answerInApp, balanceOfBook } from './modules/primary-market/primary-market.test-support.js';
import { S3RVER_CREDENTIALS, startS3rver } from './providers/storage/s3rver.test-support.js';
import { seedPartners } from './seed/partners.js';
import { prepareServer } from './server.js';
import { type IdnowContractServer, startIdnowContractServer } from './test/contract-servers/idnow-contract-server.js';
import {
  type MangopayContractServer,
  startMangopayContractServer,
} from './test/contract-servers/mangopay-contract-server.js';
import {
  type OnfidoContractServer,
  startOnfidoContractServer,
} from './test/contract-servers/onfido-contract-server.js';
import {
  type SkribbleContractServer,
  startSkribbleContractServer,
} from './test/contract-servers/skribble-contract-server.js';
import {
  startTwilioContractServer,
  type TwilioContractServer,
} from './test/contract-servers/twilio-contract-server.js';
import { freePort } from './test/free-port.js';
import { createTestDatabase, type TestDatabase } from './test/test-database.js';

/**
 * Issue 38, "Must show": a production start (NODE_ENV=production, no demo setting) with every
 * provider real, each pointed at its local contract server (SMTP server, S3 server, Mangopay,
 * Onfido, IDnow, Skribble, Twilio). It starts, seeds nothing and serves; a fresh investor
 * registers, is identified through Onfido's webhook, pays in through a Mangopay pay-in on the
 * virtual account, buys, signs with Skribble, pays out; the reconciliation reports no difference,
 * then the one injected at Mangopay; an outage is answered 503 and writes nothing.
 */
const received: { to: string; text: string }[] = [];
let smtp: SMTPServer;
let s3: { endpoint: string; close(): Promise<void> };
let mangopay: MangopayContractServer;
let onfido: OnfidoContractServer;
let idnow: IdnowContractServer;
let skribble: SkribbleContractServer;
let twilio: TwilioContractServer;
let database: TestDatabase;
let app: FastifyInstance;
let env: Record<string, string>;

const productionEnv = (port: number, smtpUrl: string): Record<string, string> => {
  const vapid = webpush.generateVAPIDKeys();
  return {
    NODE_ENV: 'production',
    PORT: String(port),
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    PSP_WEBHOOK_SECRET: 'production-test-psp-webhook-secret',
    IDV_WEBHOOK_SECRET: 'production-test-idv-webhook-secret',
    STAFF_SECRET_KEY: 'production-test-staff-secret-key-0123456789',
    REGISTER_SIGNING_KEY: 'cmVnaXN0ZXItdGVzdC1rZXktbm90LWZvci1wcm9kdWM',
    DATA_DIR: `/tmp/bw-production-start-${process.pid}`,
    PROVIDER_TIMEOUT_MS: '2000',
    EMAIL_PROVIDER: 'smtp',
    SMTP_URL: smtpUrl,
    MAIL_FROM: 'Brickwise <no-reply@brickwise.example>',
    SMS_PROVIDER: 'twilio',
    TWILIO_ACCOUNT_SID: twilio.accountSid,
    TWILIO_AUTH_TOKEN: twilio.authToken,
    TWILIO_FROM: 'Brickwise',
    TWILIO_API_BASE_URL: twilio.url,
    PAYMENT_PROVIDER: 'mangopay',
    MANGOPAY_CLIENT_ID: mangopay.clientId,
    MANGOPAY_API_KEY: mangopay.apiKey,
    MANGOPAY_BASE_URL: mangopay.url,
    MANGOPAY_PLATFORM_USER_ID: mangopay.platformUserId,
    MANGOPAY_FEE_WALLET_ID: mangopay.feeWalletId,
    MANGOPAY_HOUSE_WALLET_ID: mangopay.houseWalletId,
    IDENTITY_PROVIDER: 'onfido',
    ONFIDO_API_TOKEN: onfido.apiToken,
    ONFIDO_WEBHOOK_TOKEN: onfido.webhookToken,
    ONFIDO_WORKFLOW_ID: onfido.workflowId,
    ONFIDO_API_BASE_URL: onfido.url,
    VIDEO_IDENT_PROVIDER: 'idnow',
    IDNOW_COMPANY_ID: idnow.companyId,
    IDNOW_API_KEY: idnow.apiKey,
    IDNOW_GATEWAY_URL: idnow.url,
    IDNOW_WEBHOOK_SECRET: idnow.webhookSecret,
    IDNOW_WEBHOOK_JWKS_URL: idnow.jwksUrl,
    SIGNATURE_PROVIDER: 'skribble',
    SKRIBBLE_USERNAME: skribble.username,
    SKRIBBLE_API_KEY: skribble.apiKey,
    SKRIBBLE_BASE_URL: skribble.url,
    PUSH_PROVIDER: 'webpush',
    VAPID_PUBLIC_KEY: vapid.publicKey,
    VAPID_PRIVATE_KEY: vapid.privateKey,
    // Discovered on first use only: configured, not exercised here (its own test: oidc-login).
    EXTERNAL_LOGIN_PROVIDER: 'oidc',
    OIDC_ISSUER: 'https://login.brickwise.example',
    OIDC_CLIENT_ID: 'brickwise',
    STORAGE_PROVIDER: 's3',
    S3_BUCKET: 'brickwise-production-test',
    S3_ENDPOINT: s3.endpoint,
    S3_FORCE_PATH_STYLE: 'true',
    S3_ACCESS_KEY_ID: S3RVER_CREDENTIALS.accessKeyId,
    S3_SECRET_ACCESS_KEY: S3RVER_CREDENTIALS.secretAccessKey,
  };
};

beforeAll(async () => {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then((mail) => {
          const to = Array.isArray(mail.to) ? mail.to[0] : mail.to;
          received.push({ to: to?.value[0]?.address ?? '', text: mail.text ?? '' });
          callback();
        })
        .catch(callback);
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  s3 = await startS3rver('brickwise-production-test');
  [mangopay, onfido, idnow, skribble, twilio] = await Promise.all([
    startMangopayContractServer(),
    startOnfidoContractServer(),
    startIdnowContractServer(),
    startSkribbleContractServer(),
    startTwilioContractServer(),
  ]);
  const port = await freePort();
  env = productionEnv(port, `smtp://127.0.0.1:${(smtp.server.address() as AddressInfo).port}`);
  database = await createTestDatabase({ fixtures: false });
  app = await prepareServer(loadConfig(env), { database });
  await app.listen({ host: '127.0.0.1', port });
  const origin = env.PUBLIC_URL;
  mangopay.control.setHookUrl(`${origin}/api/v1/payment/mangopay/hook`);
  onfido.control.setWebhookUrl(`${origin}/api/v1/identification/notifications/onfido`);
  idnow.control.setCallbackUrl(`${origin}/api/v1/identification/notifications/idnow`);
}, 120_000);

afterAll(async () => {
  await app?.close();
  await database?.close();
  await Promise.all([mangopay, onfido, idnow, skribble, twilio].map((server) => server?.close()));
  await s3?.close();
  await new Promise<void>((resolve) => (smtp ? smtp.close(() => resolve()) : resolve()));
});

const latestMail = async (to: string): Promise<string> => {
  for (let tries = 0; tries < 50; tries += 1) {
    await app.outboxRelay.drain();
    const mail = received.filter((message) => message.to === to).at(-1);
    if (mail) return mail.text;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no e-mail to ${to}`);
};
/** Drains the outbox until `check` holds (a job that failed once is retried after its delay). */
const eventually = async (check: () => Promise<boolean>, timeoutMs = 20_000): Promise<void> => {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    await app.outboxRelay.drain();
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error('condition not reached');
};
/** The code of the next SMS to `phone` (after the `seen` ones) that Twilio accepted. */
const smsCount = (phone: string) => twilio.messages.filter((message) => message.to === phone).length;
const nextSmsCode = async (phone: string, seen: number): Promise<string> => {
  await eventually(async () => smsCount(phone) > seen);
  const body = twilio.messages.filter((message) => message.to === phone).at(-1)?.body ?? '';
  const code = /: (\d{6})\./.exec(body)?.[1];
  if (!code) throw new Error(`no code in the SMS to ${phone}: ${body}`);
  return code;
};

/** Registration as an investor does it: e-mail, the link from the real e-mail, name, password. */
const register = async (email: string, remoteAddress: string): Promise<LoggedIn> => {
  const registered = await app.inject({ method: 'POST', url: '/auth/register', payload: { email }, remoteAddress });
  expect(registered.statusCode, registered.body).toBe(200);
  const token = /\/verify\/([A-Za-z0-9_-]+)/.exec(await latestMail(email))?.[1];
  const verified = await app.inject({ method: 'POST', url: '/auth/verify-email', payload: { token } });
  expect(verified.statusCode, verified.body).toBe(200);
  const csrfToken = verified.json().data.csrfToken as string;
  const headers = { cookie: cookieHeaderOf(verified), 'x-csrf-token': csrfToken };
  await app.inject({
    method: 'PUT',
    url: '/api/v2/user',
    headers,
    payload: { firstName: 'Paula', lastName: 'Produktiv' },
  });
  const password = 'Ziegelstein-Produktion-2026';
  const set = await app.inject({
    method: 'PATCH',
    url: '/auth/set-password',
    headers,
    payload: { passwordNew: password },
  });
  expect(set.statusCode, set.body).toBe(200);
  return { userId: verified.json().data.userId, email, password, csrfToken, headers } as LoggedIn;
};

describe('a production start with every provider real', () => {
  it('names every missing setting of the chosen adapters at start', () => {
    const chosen = Object.fromEntries(
      Object.entries(env).filter(
        ([key]) =>
          key.endsWith('_PROVIDER') || !/^(SMTP|TWILIO|MANGOPAY|ONFIDO|IDNOW|SKRIBBLE|VAPID|OIDC|S3)_/.test(key),
      ),
    );
    let message = '';
    try {
      loadConfig(chosen);
    } catch (error) {
      if (error instanceof ConfigError) message = error.message;
    }
    for (const setting of [
      'SMTP_URL',
      'TWILIO_ACCOUNT_SID',
      'TWILIO_AUTH_TOKEN',
      'TWILIO_FROM',
      'MANGOPAY_CLIENT_ID',
      'MANGOPAY_API_KEY',
      'MANGOPAY_PLATFORM_USER_ID',
      'MANGOPAY_FEE_WALLET_ID',
      'MANGOPAY_HOUSE_WALLET_ID',
      'ONFIDO_API_TOKEN',
      'ONFIDO_WEBHOOK_TOKEN',
      'ONFIDO_WORKFLOW_ID',
      'IDNOW_COMPANY_ID',
      'IDNOW_API_KEY',
      'IDNOW_WEBHOOK_SECRET',
      'SKRIBBLE_USERNAME',
      'SKRIBBLE_API_KEY',
      'VAPID_PUBLIC_KEY',
      'VAPID_PRIVATE_KEY',
      'OIDC_ISSUER',
      'OIDC_CLIENT_ID',
      'S3_BUCKET',
    ])
      expect(message).toContain(setting);
  });

  it('starts without demo mode, with no sandbox, seeds nothing and serves', async () => {
    expect(Object.values(app.providerAdapters)).not.toContain('sandbox');
    expect(app.providerAdapters).toMatchObject({
      payments: 'mangopay',
      identityVerification: 'onfido',
      videoIdent: 'idnow',
      signatures: 'skribble',
      sms: 'twilio',
      email: 'smtp',
      documents: 's3',
    });
    expect((await app.db.select({ n: count() }).from(users))[0]?.n).toBe(0);
    expect((await app.db.select({ n: count() }).from(assets))[0]?.n).toBe(0);
    expect((await fetch(`${env.PUBLIC_URL}/readyz`)).status).toBe(200);
    // The development module is not there in production.
    expect((await app.inject({ url: '/api/v1/dev/mailbox' })).statusCode).toBe(404);
    // The operator's first step: the partners, through the back office's "create a partner".
    await seedPartners(app.db);
  });

  let investor: LoggedIn;
  let phone = '';
  let iban = '';
  let walletId = '';

  it('a fresh investor registers and is identified through Onfido’s signed webhook', async () => {
    investor = await register('paula.produktiv@example.at', '10.38.0.1');
    phone = await completeOnboarding(app, investor);
    const idv = identificationClient(app, investor);
    expect((await idv.start('P1234567')).statusCode).toBe(200);
    const session = await idv.json('GET', `${A}/captureSession`);
    expect(session.statusCode, session.body).toBe(200);
    // A forged webhook is refused before the real one comes.
    const runId = session.json().data.workflowRunId;
    expect(await onfido.control.sendWebhook(runId, 'approved', { forgeWith: 'forged-token' })).toBe(401);
    expect(await onfido.control.completeRun(runId, { status: 'approved', document: JPEG, selfie: PNG })).toBe(200);
    await app.outboxRelay.drain();
    expect((await idv.state()).userStatus).toBe('verified');
    const [verification] = await app.db
      .select()
      .from(identityVerifications)
      .where(eq(identityVerifications.userId, investor.userId));
    expect(verification?.status).toBe('success');
  });

  it('pays in through a Mangopay pay-in on the virtual account', async () => {
    const opened = await app.inject({ method: 'POST', url: '/api/v1/payment/account', headers: investor.headers });
    expect(opened.statusCode, opened.body).toBe(200);
    iban = opened.json().data.IBAN;
    const [account] = await app.db.select().from(paymentAccounts).where(eq(paymentAccounts.userId, investor.userId));
    walletId = account?.providerWalletId ?? '';
    const wire = await mangopay.control.incomingWire({
      iban,
      amountCents: 300_000,
      ownerName: 'Paula Produktiv',
      ownerIban: 'AT611904300234573201',
      reference: 'Einzahlung',
    });
    expect(wire.hookStatus).toBe(200);
    await eventually(async () => (await balanceOfBook(app.db, `user_cash:${investor.userId}`)) === 300_000n);
  });

  it('buys shares, confirmed in the security app', async () => {
    const device = await linkSecurityApp(app, investor);
    const assetId = `prod-${process.pid}`;
    await createAsset(
      { db: app.db, bus: app.bus },
      systemActor('production-test'),
      samplePvAsset({ id: assetId, totalShares: 100 }),
    );
    // The operator's review (tested in the asset admin's own tests) put it on sale.
    await app.db
      .update(assets)
      .set({ stage: 'primary', pricePerShareCents: 10_000n, minimumSubscriptionShares: 1, availableShares: 100 })
      .where(eq(assets.id, assetId));
    const init = await app.inject({
      method: 'POST',
      url: `/api/v1/assets/initInvestment/${assetId}`,
      headers: investor.headers,
      payload: { acknowledgedAppropriateness: true, shares: 10 },
    });
    expect(init.statusCode, init.body).toBe(200);
    const signed = await answerInApp(
      app,
      { ...investor, ...device } as Parameters<typeof answerInApp>[1],
      init.json().data.signingRequestId,
    );
    expect(signed.statusCode, signed.body).toBe(200);
    expect(await balanceOfBook(app.db, `user_shares:${investor.userId}:${assetId}`)).toBe(10n);
  });

  it('signs the agreements with a qualified signature at Skribble', async () => {
    const idv = identificationClient(app, investor);
    await acceptAllTerms(app, investor);
    expect((await idv.json('POST', `${A}/signingRequest`)).statusCode).toBe(200);
    expect((await idv.json('POST', `${A}/signature`, { signature: DRAWN_SIGNATURE })).statusCode).toBe(200);
    expect((await idv.signatureSelfie(JPEG)).statusCode).toBe(200);
    const seen = smsCount(phone);
    expect((await idv.json('POST', `${A}/signature/authorize`)).statusCode).toBe(200);
    const confirmed = await idv.json('POST', `${A}/signature/otp`, { otp: await nextSmsCode(phone, seen) });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const request = skribble.control.requests().find((candidate) => candidate.signer?.email_address === investor.email);
    expect(await skribble.control.sign(request?.id ?? '')).toBe(200);
    await app.outboxRelay.drain();
    const [signature] = await app.db
      .select()
      .from(agreementSignatures)
      .where(eq(agreementSignatures.userId, investor.userId));
    expect(signature?.status).toBe('signed');
  });

  it('pays out to the verified account; the reconciliation finds no difference, then the injected one', async () => {
    const accounts = await app.inject({ url: '/api/v1/payment/payoutAccounts', headers: investor.headers });
    const seen = smsCount(phone);
    const init = await app.inject({
      method: 'POST',
      url: '/api/v1/payment/initmoneyout',
      headers: investor.headers,
      payload: { amount: '50000', payoutAccountId: accounts.json().data[0].id },
    });
    expect(init.statusCode, init.body).toBe(200);
    const transactionId = init.json().data.transactionId;
    const confirmed = await app.inject({
      method: 'POST',
      url: '/api/v1/payment/moneyout',
      headers: investor.headers,
      payload: { transactionId, smsCode: await nextSmsCode(phone, seen) },
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    await eventually(async () => mangopay.control.payouts().some((candidate) => candidate.walletId === walletId));
    const payout = mangopay.control.payouts().find((candidate) => candidate.walletId === walletId);
    expect(payout).toMatchObject({ status: 'CREATED', amount: 50_000 });
    expect(await mangopay.control.completePayout(payout?.id ?? '')).toBe(200);
    const statusOf = async () =>
      (await app.inject({ url: `/api/v1/payment/transactions/${transactionId}`, headers: investor.headers })).json()
        .data.status;
    await eventually(async () => (await statusOf()) === 'success');

    const wallets = app.providers.payments.wallets;
    if (!wallets) throw new Error('no wallets');
    expect((await mirrorPostings(app.db, wallets, app.log)).failed).toBe(0);
    const clean = await reconcileWallets(app.db, wallets, { now: new Date(), log: app.log });
    expect(clean.differences).toEqual([]);
    expect(clean.checked).toBeGreaterThanOrEqual(3);
    mangopay.control.adjustBalance(walletId, -700);
    const dirty = await reconcileWallets(app.db, wallets, { now: new Date(), log: app.log });
    expect(dirty.differences).toEqual([
      expect.objectContaining({ providerWalletId: walletId, userId: investor.userId, differenceCents: -700n }),
    ]);
    expect(await app.db.select().from(reconciliationCases)).toEqual([
      expect.objectContaining({ providerWalletId: walletId, status: 'open' }),
    ]);
  });

  it('answers a provider outage with 503 and the German text, and writes nothing', async () => {
    const second = await register('otto.ausfall@example.at', '10.38.0.2');
    await completeOnboarding(app, second);
    const postingsBefore = (await app.db.select({ n: count() }).from(ledgerPostings))[0]?.n;
    onfido.control.setOutage(true);
    try {
      const down = await identificationClient(app, second).start('P7777777');
      expect(down.statusCode).toBe(503);
      expect(down.json().error).toMatchObject({
        code: 'PROVIDER_UNAVAILABLE',
        message: 'Unser Partnerdienst ist gerade nicht erreichbar. Bitte versuche es später nochmal.',
      });
    } finally {
      onfido.control.setOutage(false);
    }
    expect(
      await app.db.select().from(identityVerifications).where(eq(identityVerifications.userId, second.userId)),
    ).toEqual([]);
    expect((await app.db.select({ n: count() }).from(ledgerPostings))[0]?.n).toBe(postingsBefore);
    // A payout that Mangopay cannot take while it is down waits in the ledger as it was, and goes out afterwards.
    mangopay.control.setOutage('down');
    const pending = mangopay.control.payouts().length;
    try {
      await app.outboxRelay.drain();
      expect(mangopay.control.payouts()).toHaveLength(pending);
    } finally {
      mangopay.control.setOutage('none');
    }
  });
});
