import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { loadConfig } from '../config.js';
import { inviteStaff } from '../modules/staff/operations/invite-staff.js';
import { systemActor } from '../platform/audit.js';
import { prepareServer } from '../server.js';
import { startProductionLikeProviders } from './production-like.test-support.js';
import { createTestDatabase } from './test-database.js';

/**
 * The browser tests' production-like server (e2e/playwright.production.config.ts, issue 38): the
 * product with NODE_ENV=production, no demo setting and every provider real, pointed at the local
 * contract servers; it seeds nothing. Beside it, on E2E_CONTROL_PORT, the tests' control of the
 * outside world: the mails the SMTP server received, what the provider's person or specialist does
 * at Onfido and IDnow, and IDnow's video-call page (IDNOW_GO_URL points here; its "back" link is
 * the return address an operator sets in IDnow's company settings).
 */
const port = Number(process.env.E2E_PORT ?? 3299);
const controlPort = Number(process.env.E2E_CONTROL_PORT ?? port + 2);
const origin = `http://127.0.0.1:${port}`;
const controlOrigin = `http://127.0.0.1:${controlPort}`;
const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(2_000, 7)]);
const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(2_000, 3)]);

const providers = await startProductionLikeProviders();
const database = await createTestDatabase({ fixtures: false });
const env = providers.env(port, {
  HOST: '127.0.0.1',
  DATA_DIR: `/tmp/bw-e2e-production-${port}`,
  LOG_LEVEL: process.env.E2E_LOG_LEVEL ?? 'warn',
  RATE_LIMIT_MAX: '100000',
  IDNOW_GO_URL: controlOrigin,
});
const app = await prepareServer(loadConfig(env), { database });
await app.listen({ host: '127.0.0.1', port });
providers.connect(origin);

const mailTo = (to: string) => providers.mails.filter((mail) => mail.to === to).at(-1)?.text ?? null;
/** The newest mail to `to`: the outbox sends, then the SMTP server parses, so it waits up to 10 s. */
const waitForMail = async (to: string): Promise<string | null> => {
  for (let tries = 0; tries < 40 && !mailTo(to); tries += 1) {
    await app.outboxRelay.drain();
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return mailTo(to);
};

/** The operator's first steps, as in the production-start test: the first staff member, then the partner. */
const setUpOperator = async (): Promise<void> => {
  const email = 'olga.operator@brickwise.example';
  await inviteStaff({ db: app.db, outbox: app.outbox, config: app.config }, systemActor('staff-create'), {
    email,
    displayName: 'Olga Operator',
    role: 'operator',
  });
  const token = /\/backoffice\/einladung\/([^\s/]+)/.exec((await waitForMail(email)) ?? '')?.[1];
  const view = await app.inject({ url: `/admin/api/v1/invitations/${token}` });
  const { generate } = await import('otplib');
  const code = await generate({ secret: view.json().data.totpSecret });
  const accepted = await app.inject({
    method: 'POST',
    url: `/admin/api/v1/invitations/${token}/accept`,
    payload: { password: 'Back-Office-Produktion-2026', code },
  });
  if (accepted.statusCode !== 200) throw new Error(`accept failed: ${accepted.body}`);
  const cookie = accepted.cookies.map((item) => `${item.name}=${item.value}`).join('; ');
  const partner = await app.inject({
    method: 'POST',
    url: '/admin/api/v1/partners',
    headers: { cookie, 'x-staff-csrf-token': accepted.json().data.csrfToken },
    payload: {
      appId: 'brickwise',
      partnerId: 'brickwise',
      name: 'Brickwise',
      colors: {
        brand: '#0f766e',
        primary: '#0f172a',
        systemSuccess: '#15803d',
        systemError: '#b91c1c',
        highlight: '#f59e0b',
        navy100: '#f1f5f9',
        navy300: '#cbd5e1',
        navy500: '#64748b',
        navy700: '#334155',
        navy900: '#0f172a',
        ctaLabel: '#ffffff',
      },
      appIcon: '/static/partners/brickwise.svg',
      featureFlags: {
        introSlidesSignUp: false,
        partnerSelectionPage: false,
        referral: false,
        liking: true,
        easter: false,
        bonusCodes: false,
        partialEmission: false,
        enableChart: true,
        marketingConsent: true,
        copyMe: false,
      },
      introSlides: [],
      webAppURL: origin,
      imprint: 'Brickwise GmbH, Wien',
      supportEmail: 'hilfe@brickwise.example',
      supportPhone: '',
      appURL: origin,
      domainUriPrefix: `${origin}/l`,
      androidPackageName: 'at.brickwise.app',
      iosBundleId: 'at.brickwise.app',
      appStoreId: '1600000001',
      transactionFeeBps: 150,
      brokerageFeeBps: null,
      isDefault: true,
      sortOrder: 1,
    },
  });
  if (partner.statusCode !== 200) throw new Error(`partner failed: ${partner.body}`);
};

let setUp: Promise<void> | undefined;

const send = (response: ServerResponse, status: number, body: unknown, type = 'application/json') => {
  response.writeHead(status, { 'content-type': type });
  response.end(type === 'application/json' ? JSON.stringify(body) : String(body));
};

const handle = async (request: IncomingMessage, response: ServerResponse): Promise<void> => {
  const url = new URL(request.url ?? '/', controlOrigin);
  const param = (name: string) => url.searchParams.get(name) ?? '';
  const route = `${request.method} ${url.pathname}`;
  if (route === 'POST /setup') {
    // Once per server; each test file (and project) asks.
    setUp ??= setUpOperator();
    await setUp;
    return send(response, 200, { ok: true });
  }
  if (route === 'GET /mail') {
    return send(response, 200, { text: await waitForMail(param('to')) });
  }
  if (route === 'POST /drain') return send(response, 200, await app.outboxRelay.drain());
  if (route === 'GET /onfido/runs') return send(response, 200, providers.onfido.control.runs());
  if (route === 'POST /onfido/complete') {
    const status = param('status') as 'approved' | 'declined';
    const code = await providers.onfido.control.completeRun(param('runId'), { status, document: JPEG, selfie: PNG });
    await app.outboxRelay.drain();
    return send(response, 200, { webhook: code });
  }
  if (route === 'GET /idnow/idents') return send(response, 200, providers.idnow.control.idents());
  if (route === 'POST /idnow/finish') {
    const code = await providers.idnow.control.finish(param('transactionNumber'), param('result'));
    await app.outboxRelay.drain();
    return send(response, 200, { callback: code });
  }
  if (route === 'GET /sms') {
    await app.outboxRelay.drain();
    return send(
      response,
      200,
      providers.twilio.messages.filter((message) => message.to === param('to')),
    );
  }
  if (route === 'POST /skribble/sign') {
    const request = providers.skribble.control
      .requests()
      .find((candidate) => candidate.signer?.email_address === param('email'));
    const code = await providers.skribble.control.sign(request?.id ?? '');
    await app.outboxRelay.drain();
    return send(response, 200, { callback: code });
  }
  // IDnow's page of the video call (https://go.idnow.de/{company}/identifications/{id}), as a stand-in.
  const ident = /^GET \/[^/]+\/identifications\/([^/]+)$/.exec(route);
  if (ident) {
    return send(
      response,
      200,
      `<!doctype html><html lang="de"><meta charset="utf-8"><title>IDnow Video-Ident</title>
<h1>IDnow Video-Ident ${decodeURIComponent(ident[1] ?? '')}</h1>
<a href="${origin}/desktopWeb/identification">Zurück zu Brickwise</a></html>`,
      'text/html; charset=utf-8',
    );
  }
  return send(response, 404, { error: route });
};

const control = createServer((request, response) => {
  handle(request, response).catch((error: unknown) => send(response, 500, { error: String(error) }));
});
await new Promise<void>((resolve) => control.listen(controlPort, '127.0.0.1', resolve));

const stop = async () => {
  control.close();
  await app.close();
  await database.close();
  await providers.close();
  process.exit(0);
};
process.on('SIGINT', () => void stop());
process.on('SIGTERM', () => void stop());
