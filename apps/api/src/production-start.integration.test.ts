import { STAFF_CSRF_HEADER } from '@bw/contracts';
import { agreementSignatures, assets, identityVerifications, ledgerPostings, paymentAccounts, users } from '@bw/db';
import type { StaffRole } from '@bw/domain';
import { count, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';
import { samplePvAsset } from './modules/assets/admin/assets-admin.test-support.js';
import { cookieHeaderOf, type LoggedIn } from './modules/auth/auth.test-support.js';
import { newPartner, STAFF_TEST_PASSWORD, totpNow } from './modules/backoffice/backoffice.test-support.js';
import { linkSecurityApp } from './modules/bulletin-board/bulletin-board.test-support.js';
import {
  A,
  acceptAllTerms,
  completeOnboarding,
  DRAWN_SIGNATURE,
  identificationClient,
  JPEG,
  multipart,
  PNG,
} from './modules/identification/identification.test-support.js';
import { mirrorPostings, reconcileWallets } from './modules/payments/provider/wallet-mirror.js';
import { answerInApp, balanceOfBook } from './modules/primary-market/primary-market.test-support.js';
import { inviteStaff } from './modules/staff/operations/invite-staff.js';
import { systemActor } from './platform/audit.js';
import { prepareServer } from './server.js';
import type { MangopayContractServer } from './test/contract-servers/mangopay-contract-server.js';
import type { OnfidoContractServer } from './test/contract-servers/onfido-contract-server.js';
import type { SkribbleContractServer } from './test/contract-servers/skribble-contract-server.js';
import type { TwilioContractServer } from './test/contract-servers/twilio-contract-server.js';
import { freePort } from './test/free-port.js';
import { type ProductionLikeProviders, startProductionLikeProviders } from './test/production-like.test-support.js';
import { createTestDatabase, type TestDatabase } from './test/test-database.js';

/**
 * Issue 38, "Must show": a production start (NODE_ENV=production, no demo setting) with every
 * provider real, each pointed at its local contract server (SMTP server, S3 server, Mangopay,
 * Onfido, IDnow, Skribble, Twilio). It starts, seeds nothing and serves; the operator's staff,
 * partner and asset are made through the back office's API (no row written by the test); a fresh investor
 * registers, is identified through Onfido's webhook, pays in through a Mangopay pay-in on the
 * virtual account, buys, signs with Skribble, pays out; the reconciliation reports no difference,
 * then the one injected at Mangopay; an outage is answered 503 and writes nothing.
 */
let providers: ProductionLikeProviders;
let mangopay: MangopayContractServer;
let onfido: OnfidoContractServer;
let skribble: SkribbleContractServer;
let twilio: TwilioContractServer;
let database: TestDatabase;
let app: FastifyInstance;
let env: Record<string, string>;

beforeAll(async () => {
  providers = await startProductionLikeProviders();
  ({ mangopay, onfido, skribble, twilio } = providers);
  const port = await freePort();
  env = providers.env(port);
  database = await createTestDatabase({ fixtures: false });
  app = await prepareServer(loadConfig(env), { database });
  await app.listen({ host: '127.0.0.1', port });
  providers.connect(env.PUBLIC_URL ?? '');
}, 120_000);

afterAll(async () => {
  await app?.close();
  await database?.close();
  await providers?.close();
});

const latestMail = async (to: string): Promise<string> => {
  for (let tries = 0; tries < 50; tries += 1) {
    await app.outboxRelay.drain();
    const mail = providers.mails.filter((message) => message.to === to).at(-1);
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

type StaffHeaders = { cookie: string; [STAFF_CSRF_HEADER]: string };
/**
 * A staff member as a fresh install gets one: invited (the first by `npm run staff:create`, which
 * calls `inviteStaff`; every further one by a colleague in the back office), the link taken from the
 * real invitation e-mail, accepted with a password and the first TOTP code through the back
 * office's own API, which opens the session.
 */
const acceptInvitationFromMail = async (email: string): Promise<StaffHeaders> => {
  const token = /\/backoffice\/einladung\/([^\s/]+)/.exec(await latestMail(email))?.[1];
  if (!token) throw new Error(`no invitation link to ${email}`);
  const view = await app.inject({ url: `/admin/api/v1/invitations/${token}` });
  expect(view.statusCode, view.body).toBe(200);
  const accepted = await app.inject({
    method: 'POST',
    url: `/admin/api/v1/invitations/${token}/accept`,
    payload: { password: STAFF_TEST_PASSWORD, code: await totpNow(view.json().data.totpSecret) },
  });
  expect(accepted.statusCode, accepted.body).toBe(200);
  return { cookie: cookieHeaderOf(accepted), [STAFF_CSRF_HEADER]: accepted.json().data.csrfToken };
};
const inviteColleague = async (by: StaffHeaders, email: string, role: StaffRole): Promise<StaffHeaders> => {
  const invited = await app.inject({
    method: 'POST',
    url: '/admin/api/v1/staff',
    headers: by,
    payload: { email, displayName: email.split('@')[0], role },
  });
  expect(invited.statusCode, invited.body).toBe(200);
  return acceptInvitationFromMail(email);
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
    // The web app runs Onfido's SDK from Onfido's CDN, which needs the Referer (ADR 0038, addendum).
    const page = await fetch(`${env.PUBLIC_URL}/desktopWeb/identification`);
    expect(page.headers.get('content-security-policy')).toContain("script-src 'self' https://sdk.onfido.com");
    expect(page.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    // The development module is not there in production.
    expect((await app.inject({ url: '/api/v1/dev/mailbox' })).statusCode).toBe(404);
  });

  let operator: StaffHeaders;
  let compliance: StaffHeaders;

  it('the operator’s first steps: staff invited and accepted, the partner created in the back office', async () => {
    // `npm run staff:create -- --email … --role operator` (create-staff-command.ts) calls this operation.
    await inviteStaff({ db: app.db, outbox: app.outbox, config: app.config }, systemActor('staff-create'), {
      email: 'olga.operator@brickwise.example',
      displayName: 'Olga Operator',
      role: 'operator',
    });
    operator = await acceptInvitationFromMail('olga.operator@brickwise.example');
    compliance = await inviteColleague(operator, 'clara.compliance@brickwise.example', 'compliance');
    const partner = await app.inject({
      method: 'POST',
      url: '/admin/api/v1/partners',
      headers: operator,
      payload: { ...newPartner('brickwise-produktion'), isDefault: true },
    });
    expect(partner.statusCode, partner.body).toBe(200);
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
    // The asset as the back office makes it: created with a photo, submitted, approved and
    // published by a second person (four eyes).
    const asset = samplePvAsset({ id: `prod-${process.pid}`, totalShares: 100 });
    const assetId = asset.id;
    const P = `/admin/api/v1/assets/${assetId}`;
    const created = await app.inject({
      method: 'POST',
      url: '/admin/api/v1/assets',
      headers: compliance,
      payload: asset,
    });
    expect(created.statusCode, created.body).toBe(200);
    const photo = multipart(PNG);
    const uploaded = await app.inject({
      method: 'POST',
      url: `${P}/images`,
      headers: { ...compliance, ...photo.headers },
      payload: photo.payload,
    });
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    const lifecycle = async (who: StaffHeaders, action: string) =>
      (await app.inject({ method: 'POST', url: `${P}/lifecycle`, headers: who, payload: { action } })).json().data
        ?.stage;
    expect(await lifecycle(compliance, 'submitForReview')).toBe('review');
    expect(await lifecycle(operator, 'approve')).toBe('approved');
    expect(await lifecycle(operator, 'publish')).toBe('primary');
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
    const none = await app.inject({ url: '/admin/api/v1/provider-reconciliation-cases', headers: operator });
    expect(none.json().data).toEqual([]);
    mangopay.control.adjustBalance(walletId, -700);
    const dirty = await reconcileWallets(app.db, wallets, { now: new Date(), log: app.log });
    expect(dirty.differences).toEqual([
      expect.objectContaining({ providerWalletId: walletId, userId: investor.userId, differenceCents: -700n }),
    ]);
    // The operator sees it in the back office (Geld → "Abweichungen beim Zahlungsdienstleister").
    const cases = await app.inject({ url: '/admin/api/v1/provider-reconciliation-cases', headers: operator });
    expect(cases.statusCode, cases.body).toBe(200);
    expect(cases.json().data).toEqual([
      expect.objectContaining({
        providerWalletId: walletId,
        email: investor.email,
        differenceCents: '-700',
        status: 'open',
      }),
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
