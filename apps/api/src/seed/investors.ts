import { createPrivateKey, sign } from 'node:crypto';
import path from 'node:path';
import { IDEMPOTENCY_HEADER, PSP_SIGNATURE_HEADER, PSP_TIMESTAMP_HEADER, type PspEvent } from '@bw/contracts';
import { pspSandboxWallets, securityApps, signingRequests, transactions, users } from '@bw/db';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { openPaymentAccount } from '../modules/payments/operations/open-payment-account.js';
import { signWebhook } from '../providers/payments/webhook-signature.js';
import { logInClient, type SeedClient, seedClient } from './client.js';
import { newSecurityAppKey, readOrCreate, type SecurityAppKey, writeJson } from './demo-files.js';
import { DEMO_EMAIL_DOMAIN, demoFilesDir } from './demo-mode.js';
import { type DemoInvestor, demoInvestors } from './investors-content.js';
import { onboardInvestor } from './onboarding.js';

/**
 * The demo investors (README "Demo investors"), made the way an investor is made (ADR 0022):
 * registered, e-mail confirmed and password set through the auth calls; money paid in through the
 * payment provider's signed webhook; purchases from the issuer through the buy call and signed with
 * the security app's key; shares traded on the bulletin board through its calls. Every step looks
 * at what is already there first, so a restart (or a start after a crash in the middle) finishes
 * the investor instead of seeding twice. Onboarding and identification go through the onboarding and
 * identification calls (seed/onboarding.ts); the security app links with a pairing code.
 */
export const DEMO_PASSWORD = 'Ziegel-Demo-2026';

const keyFile = z.object({ publicKey: z.string(), privateKeyPkcs8Pem: z.string() });
/** `anna.berger@demo.brickwise.at`: first and last name, lower case. */
export const emailOf = (investor: DemoInvestor) =>
  `${investor.firstName.toLowerCase()}.${investor.lastName.toLowerCase()}@${DEMO_EMAIL_DOMAIN}`;

const findUser = async (app: FastifyInstance, email: string) =>
  (await app.db.select().from(users).where(eq(users.email, email)))[0];

/** Register → the confirmation e-mail's link → name → password: the registration screens' calls. */
const register = async (app: FastifyInstance, investor: DemoInvestor, email: string): Promise<void> => {
  const client = seedClient(app, email);
  await client.data('POST', '/auth/register', { email });
  // With the worker on, its own relay may be sending the mail right now: wait for it a little.
  let token: string | undefined;
  for (let attempt = 0; attempt < 50 && !token; attempt += 1) {
    if (attempt > 0) await new Promise((resolve) => setTimeout(resolve, 200));
    await app.outboxRelay.drain();
    const [mail] = await app.sandbox.messaging.listMessages({ recipient: email, channel: 'email' });
    token = mail?.bodyText.match(/\/verify\/([A-Za-z0-9_-]+)/)?.[1];
  }
  if (!token) throw new Error(`seed: no confirmation e-mail to ${email}`);
  const { csrfToken } = await client.data<{ csrfToken: string }>('POST', '/auth/verify-email', { token });
  client.session(csrfToken);
  await client.data('PUT', '/api/v2/user', { firstName: investor.firstName, lastName: investor.lastName });
  await client.data('PATCH', '/auth/set-password', { passwordNew: DEMO_PASSWORD });
};

/**
 * The security app linked the way the provider's app links: the web asks for a pairing code, the
 * app sends it with the public key of the key pair in DATA_DIR/demo and receives its recovery
 * secret, which goes to the recovery file beside the key (the signer and the tests read both).
 */
const linkSecurityApp = async (
  app: FastifyInstance,
  client: SeedClient,
  investor: DemoInvestor,
  key: SecurityAppKey,
) => {
  const { pairingCode } = await client.data<{ pairingCode: string }>('POST', '/api/v1/securityApp/pairing');
  const response = await app.inject({
    method: 'POST',
    url: '/api/v1/securityApp/link',
    payload: { pairingCode, publicKey: key.publicKey },
  });
  if (response.statusCode !== 200) throw new Error(`seed: link → ${response.statusCode} ${response.body}`);
  const linked = (response.json() as { data: { userId: string; securityAppId: string; recoverySecret: string } }).data;
  writeJson(path.join(demoFilesDir(app.config), `${investor.name}-security-app-recovery.json`), {
    format: 'brickwise-security-app-recovery',
    version: 1,
    userId: linked.userId,
    securityAppId: linked.securityAppId,
    publicKey: key.publicKey,
    recoverySecret: linked.recoverySecret,
    createdAt: new Date().toISOString(),
  });
};

/** An incoming SEPA transfer as the payment provider reports it: received, then settled, each signed. */
const payIn = async (
  app: FastifyInstance,
  investor: DemoInvestor,
  userId: string,
  index: number,
  amountCents: bigint,
) => {
  const [wallet] = await app.db.select().from(pspSandboxWallets).where(eq(pspSandboxWallets.externalRef, userId));
  if (!wallet) throw new Error(`seed: no wallet for ${investor.name}`);
  const transferId = `trf_seed_${investor.name}_${index}`;
  const events: PspEvent[] = [
    {
      eventId: `evt_seed_${investor.name}_${index}_received`,
      type: 'transfer.received',
      transferId,
      walletId: wallet.walletId,
      amount: amountCents.toString(),
      senderName: `${investor.firstName} ${investor.lastName}`,
      senderIban: investor.iban,
      reference: 'Einzahlung',
    },
    { eventId: `evt_seed_${investor.name}_${index}_settled`, type: 'transfer.settled', transferId },
  ];
  for (const event of events) await sendPspWebhook(app, event);
};

/** One event of the payment provider, signed as the provider signs it, to our webhook route. */
export const sendPspWebhook = async (app: FastifyInstance, event: PspEvent): Promise<void> => {
  const body = JSON.stringify(event);
  const timestamp = Math.floor(Date.now() / 1000);
  const response = await app.inject({
    method: 'POST',
    url: '/api/v1/payment/webhook',
    headers: {
      'content-type': 'application/json',
      [PSP_TIMESTAMP_HEADER]: String(timestamp),
      [PSP_SIGNATURE_HEADER]: signWebhook(app.config.PSP_WEBHOOK_SECRET, timestamp, body),
    },
    payload: body,
  });
  if (response.statusCode !== 200)
    throw new Error(`seed: ${event.type} webhook → ${response.statusCode} ${response.body}`);
};

/** Signs every pending signing request of the client's user with the key, as the security app does. */
export const signPending = async (client: SeedClient, key: SecurityAppKey): Promise<number> => {
  const pending = await client.data<{ id: string; canonicalPayload: string }[]>(
    'GET',
    '/api/v1/securityApp/signingRequests?status=pending',
  );
  const privateKey = createPrivateKey(key.privateKeyPkcs8Pem);
  for (const item of pending) {
    const signature = sign(null, Buffer.from(item.canonicalPayload, 'utf8'), privateKey).toString('base64url');
    await client.data('POST', `/api/v1/securityApp/signingRequests/${item.id}/signature`, { signature });
  }
  return pending.length;
};

/** A purchase from the issuer through the buy call (idempotent by its key), signed in the security app. */
const buyFromIssuer = async (
  client: SeedClient,
  key: SecurityAppKey,
  investor: DemoInvestor,
  assetId: string,
  shares: number,
) => {
  await client.data(
    'POST',
    `/api/v1/assets/initInvestment/${assetId}`,
    { shares, acknowledgedAppropriateness: true, acceptedWarnings: ['Accepted5KLimit'] },
    { [IDEMPOTENCY_HEADER]: `seed-${investor.name}-${assetId}` },
  );
  await signPending(client, key);
};

export type SeededInvestor = {
  investor: DemoInvestor;
  userId: string;
  email: string;
  /** Her logged-in client, logged in on first use (a restart with nothing left to do skips argon2). */
  client: () => Promise<SeedClient>;
  key: SecurityAppKey;
};

const once = <T>(make: () => Promise<T>): (() => Promise<T>) => {
  let made: Promise<T> | null = null;
  return () => {
    made ??= make();
    return made;
  };
};

/** One demo investor, finished step by step; returns her logged-in client and key for the later steps. */
export const seedInvestor = async (app: FastifyInstance, investor: DemoInvestor): Promise<SeededInvestor> => {
  const email = emailOf(investor);
  const key = readOrCreate(
    path.join(demoFilesDir(app.config), `${investor.name}-security-app-key.json`),
    keyFile,
    newSecurityAppKey,
  );
  let user = await findUser(app, email);
  if (!user?.passwordHash) await register(app, investor, email);
  user = await findUser(app, email);
  if (!user) throw new Error(`seed: ${email} was not registered`);
  const userId = user.id;
  const client = once(() => logInClient(app, email, DEMO_PASSWORD));
  if (user.status !== 'active') await onboardInvestor(app, await client(), investor);
  const [linked] = await app.db
    .select({ id: securityApps.id })
    .from(securityApps)
    .where(and(eq(securityApps.userId, userId), eq(securityApps.status, 'active')));
  if (!linked) await linkSecurityApp(app, await client(), investor, key);
  await openPaymentAccount(app.db, app.providers.payments, userId);
  for (const [index, amount] of investor.payInsCents.entries()) await payIn(app, investor, userId, index, amount);
  for (const [assetId, shares] of [...investor.earlier, ...investor.primary]) {
    const [bought] = await app.db
      .select({ id: transactions.id })
      .from(transactions)
      .where(and(eq(transactions.userId, userId), eq(transactions.assetId, assetId), eq(transactions.type, 'buy')));
    if (!bought) await buyFromIssuer(await client(), key, investor, assetId, shares);
  }
  const [pending] = await app.db
    .select({ id: signingRequests.id })
    .from(signingRequests)
    .where(and(eq(signingRequests.userId, userId), eq(signingRequests.status, 'pending')));
  if (pending) await signPending(await client(), key);
  await app.outboxRelay.drain();
  app.log.info({ email }, 'seed: demo investor ready');
  return { investor, userId, email, client, key };
};

export { demoInvestors };
