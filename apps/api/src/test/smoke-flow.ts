import { generateKeyPairSync, type KeyObject, sign } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/**
 * The smoke flow of a running server, over real HTTP as a client does it (issue 19): the demo
 * investor Anna logs in, replaces her security app by a private one (with the recovery file in
 * the server's `DATA_DIR/demo`), buys one share from the issuer and signs the purchase; the purchase ends settled.
 * Used by the compiled-server test and the scale-out test.
 */
export const DEMO_EMAIL = 'anna.berger@demo.brickwise.at';
export const DEMO_PASSWORD = 'Ziegel-Demo-2026';
export const SMOKE_ASSET = 'pv-landshut-agri';

export type Session = { baseUrl: string; cookie: string; csrfToken: string; userId: string };

const expectOk = async (response: Response, what: string) => {
  const text = await response.text();
  if (!response.ok) throw new Error(`${what}: ${response.status} ${text}`);
  return JSON.parse(text).data;
};

export const call = async (session: Session, method: string, route: string, body?: unknown, baseUrl?: string) =>
  fetch(`${baseUrl ?? session.baseUrl}${route}`, {
    method,
    headers: {
      accept: 'application/json',
      cookie: session.cookie,
      'x-csrf-token': session.csrfToken,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });

export const login = async (baseUrl: string, email = DEMO_EMAIL, password = DEMO_PASSWORD): Promise<Session> => {
  const response = await fetch(`${baseUrl}/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  const cookie = response.headers
    .getSetCookie()
    .map((line) => line.split(';')[0])
    .join('; ');
  const data = await expectOk(response, 'login');
  return { baseUrl, cookie, csrfToken: data.csrfToken, userId: data.userId };
};

/** The recovery secret of Anna's demo app, from the server's data directory (the seed writes it there, ADR 0022). */
export const demoRecoverySecret = (dataDir: string): string =>
  JSON.parse(fs.readFileSync(path.join(dataDir, 'demo', 'anna-security-app-recovery.json'), 'utf8')).recoverySecret;

/**
 * Anna's linked app goes (the demo one by the recovery file in `DATA_DIR/demo`, a later one by its own
 * recovery secret), a private app with a fresh key comes; returns its key and recovery secret.
 */
export const linkPrivateApp = async (
  session: Session,
  recoverySecret: string,
): Promise<{ key: KeyObject; recoverySecret: string }> => {
  await expectOk(await call(session, 'POST', '/api/v1/securityApp/disconnect', { recoverySecret }), 'disconnect');
  const pair = generateKeyPairSync('ed25519');
  const linked = await expectOk(
    await call(session, 'POST', '/api/v1/securityApp/registerPrivate', {
      publicKey: pair.publicKey.export({ format: 'jwk' }).x,
    }),
    'registerPrivate',
  );
  return { key: pair.privateKey, recoverySecret: linked.recoverySecret };
};

/** Buys `shares` from the issuer; returns the purchase (status reserved, with its signing request). */
export const buyFromIssuer = async (session: Session, shares = 1, baseUrl?: string) =>
  expectOk(
    await call(
      session,
      'POST',
      `/api/v1/assets/initInvestment/${SMOKE_ASSET}`,
      { shares, acknowledgedAppropriateness: true },
      baseUrl,
    ),
    'initInvestment',
  ) as Promise<{ transactionId: string; signingRequestId: string; status: string }>;

/** Signs a signing request as the private app does: fetch the canonical payload, sign its bytes. */
export const signRequest = async (session: Session, key: KeyObject, requestId: string, baseUrl?: string) => {
  const request = await expectOk(
    await call(session, 'GET', `/api/v1/securityApp/signingRequests/${requestId}`, undefined, baseUrl),
    'signing request',
  );
  const signature = sign(null, Buffer.from(request.canonicalPayload, 'utf8'), key).toString('base64url');
  return expectOk(
    await call(session, 'POST', `/api/v1/securityApp/signingRequests/${requestId}/signature`, { signature }, baseUrl),
    'signature',
  );
};

export const purchaseStatus = async (session: Session, transactionId: string) =>
  (await expectOk(await call(session, 'GET', `/api/v1/assets/investment/${transactionId}`), 'investment'))
    .status as string;

/** Health, login, a purchase signed: what a freshly deployed server must do. */
export const runSmokeFlow = async (baseUrl: string, dataDir: string) => {
  const health = await fetch(`${baseUrl}/healthz`);
  if (!health.ok) throw new Error(`healthz: ${health.status}`);
  const session = await login(baseUrl);
  const { key } = await linkPrivateApp(session, demoRecoverySecret(dataDir));
  const purchase = await buyFromIssuer(session);
  await signRequest(session, key, purchase.signingRequestId);
  return { session, key, purchase, status: await purchaseStatus(session, purchase.transactionId) };
};
