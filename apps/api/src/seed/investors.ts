import { createHash, createPrivateKey, randomUUID, sign } from 'node:crypto';
import path from 'node:path';
import { IDEMPOTENCY_HEADER, PSP_SIGNATURE_HEADER, PSP_TIMESTAMP_HEADER, type PspEvent } from '@bw/contracts';
import {
  assets,
  personalInformation,
  pspSandboxWallets,
  securityApps,
  signingRequests,
  termsAcceptances,
  transactions,
  users,
  userTaxIds,
} from '@bw/db';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { sha256 } from '../modules/auth/secrets.js';
import { post } from '../modules/payments/ledger/ledger.js';
import { openPaymentAccount } from '../modules/payments/operations/open-payment-account.js';
import { signWebhook } from '../providers/payments/webhook-signature.js';
import { logInClient, type SeedClient, seedClient } from './client.js';
import { newRecoverySecret, newSecurityAppKey, readOrCreate, type SecurityAppKey } from './demo-files.js';
import { DEMO_EMAIL_DOMAIN, demoFilesDir } from './demo-mode.js';
import { type DemoInvestor, demoInvestors } from './investors-content.js';

/**
 * The demo investors (README "Demo investors"), made the way an investor is made (ADR 0022):
 * registered, e-mail confirmed and password set through the auth calls; money paid in through the
 * payment provider's signed webhook; purchases from the issuer through the buy call and signed with
 * the security app's key; shares traded on the bulletin board through its calls. Every step looks
 * at what is already there first, so a restart (or a start after a crash in the middle) finishes
 * the investor instead of seeding twice.
 */
export const DEMO_PASSWORD = 'Ziegel-Demo-2026';

const keyFile = z.object({ publicKey: z.string(), privateKeyPkcs8Pem: z.string() });
const recoveryFile = z.object({
  format: z.literal('brickwise-security-app-recovery'),
  version: z.literal(1),
  userId: z.string(),
  securityAppId: z.string(),
  publicKey: z.string(),
  recoverySecret: z.string(),
  createdAt: z.string(),
});

/** A UUID derived from a label: the seed's rows get the same id on every run (idempotent inserts). */
const stableUuid = (label: string): string => {
  const hex = createHash('sha256').update(`brickwise-seed:${label}`).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-8${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
};

const emailOf = (investor: DemoInvestor) =>
  `${investor.name === 'anna' ? 'anna.berger' : 'ben.huber'}@${DEMO_EMAIL_DOMAIN}`;

const findUser = async (app: FastifyInstance, email: string) =>
  (await app.db.select().from(users).where(eq(users.email, email)))[0];

/** Register → the confirmation e-mail's link → name → password: the registration screens' calls. */
const register = async (app: FastifyInstance, investor: DemoInvestor, email: string): Promise<void> => {
  const client = seedClient(app, email);
  await client.data('POST', '/auth/register', { email });
  await app.outboxRelay.drain();
  const [mail] = await app.sandbox.messaging.listMessages({ recipient: email, channel: 'email' });
  const token = mail?.bodyText.match(/\/verify\/([A-Za-z0-9_-]+)/)?.[1];
  if (!token) throw new Error(`seed: no confirmation e-mail to ${email}`);
  const { csrfToken } = await client.data<{ csrfToken: string }>('POST', '/auth/verify-email', { token });
  client.session(csrfToken);
  await client.data('PUT', '/api/v2/user', { firstName: investor.firstName, lastName: investor.lastName });
  await client.data('PATCH', '/auth/set-password', { passwordNew: DEMO_PASSWORD });
};

/**
 * The profile a finished onboarding and identification leave (personal data, tax numbers, terms,
 * an active account) and the security app linked with the key in DATA_DIR/demo. Written as rows:
 * the identification sandbox decides only over the socket, which does not exist before the start
 * listens (ADR 0022, "what is still written as rows"). No money and no shares move here.
 */
const completeProfile = async (app: FastifyInstance, investor: DemoInvestor, userId: string, key: SecurityAppKey) => {
  const files = demoFilesDir(app.config);
  const recovery = readOrCreate(path.join(files, `${investor.name}-security-app-recovery.json`), recoveryFile, () => ({
    format: 'brickwise-security-app-recovery' as const,
    version: 1 as const,
    userId,
    securityAppId: stableUuid(`${investor.name}:security-app`),
    publicKey: key.publicKey,
    recoverySecret: newRecoverySecret(),
    createdAt: new Date().toISOString(),
  }));
  const now = new Date();
  await app.db.transaction(async (tx) => {
    await tx.update(users).set({ status: 'active', phone: investor.phone, updatedAt: now }).where(eq(users.id, userId));
    await tx
      .insert(personalInformation)
      .values({
        userId,
        street: investor.street,
        houseNumber: investor.houseNumber,
        postcode: investor.postcode,
        city: investor.city,
        domicile: 'AT',
        birthDate: investor.birthDate,
        birthCountry: 'AT',
        birthCity: investor.city,
        nationality: 'AT',
        pep: false,
        hasChurchTax: false,
        iban: investor.iban,
        vat: false,
      })
      .onConflictDoNothing();
    await tx
      .insert(userTaxIds)
      .values(investor.taxIds.map(([country, taxId]) => ({ userId, country, taxId })))
      .onConflictDoNothing();
    await tx
      .insert(termsAcceptances)
      .values({
        userId,
        productProviderAt: now,
        customerInformationAt: now,
        identityProviderAt: now,
        energyProviderAt: now,
        paymentProviderAt: now,
        furtherProviderAt: now,
        furtherProviderPrivacyAt: now,
        ipAddress: '127.0.0.1',
      })
      .onConflictDoNothing();
    await tx
      .insert(securityApps)
      .values({
        id: recovery.securityAppId,
        userId,
        kind: 'provider',
        status: 'active',
        publicKey: key.publicKey,
        deviceTokenHash: sha256(randomUUID()),
        recoveryHash: sha256(recovery.recoverySecret),
        linkedAt: now,
      })
      .onConflictDoNothing();
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
  for (const event of events) {
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
    if (response.statusCode !== 200) throw new Error(`seed: pay-in webhook → ${response.statusCode} ${response.body}`);
  }
};

/**
 * Holdings from a financing phase that ended before the demo begins (assets the catalogue lists as
 * already traded): the purchase as the settlement books it — the price from the investor's cash to
 * the issuer, the shares from the issuer to the investor — in one balanced posting with its
 * transaction row, so the account's history adds up to its balance.
 */
const earlierPurchase = async (app: FastifyInstance, userId: string, assetId: string, shares: number) => {
  const transactionId = stableUuid(`${userId}:${assetId}:earlier`);
  await app.db.transaction(async (tx) => {
    const [asset] = await tx
      .select({ price: assets.pricePerShareCents, name: assets.spvName })
      .from(assets)
      .where(eq(assets.id, assetId));
    if (!asset) throw new Error(`seed: asset ${assetId} missing`);
    const amountCents = asset.price * BigInt(shares);
    const inserted = await tx
      .insert(transactions)
      .values({
        id: transactionId,
        userId,
        assetId,
        type: 'buy',
        status: 'success',
        method: 'account',
        amountCents,
        receiver: asset.name,
        paymentInformation: 'Kauf in der Finanzierungsphase',
      })
      .onConflictDoNothing()
      .returning({ id: transactions.id });
    if (inserted.length === 0) return;
    await post(tx, {
      key: `seed:${transactionId}:purchase`,
      kind: 'primary-purchase',
      transactionId,
      legs: [
        { account: { kind: 'user_cash', userId }, amount: -amountCents },
        { account: { kind: 'issuer_cash', assetId }, amount: amountCents },
        { account: { kind: 'issuer_shares', assetId }, amount: -BigInt(shares) },
        { account: { kind: 'user_shares', userId, assetId }, amount: BigInt(shares) },
      ],
    });
  });
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
  if (user.status !== 'active') await completeProfile(app, investor, user.id, key);
  await openPaymentAccount(app.db, app.providers.payments, user.id);
  for (const [index, amount] of investor.payInsCents.entries()) await payIn(app, investor, user.id, index, amount);
  for (const [assetId, shares] of investor.earlier) await earlierPurchase(app, user.id, assetId, shares);
  const client = once(() => logInClient(app, email, DEMO_PASSWORD));
  for (const [assetId, shares] of investor.primary) {
    const [bought] = await app.db
      .select({ id: transactions.id })
      .from(transactions)
      .where(and(eq(transactions.userId, user.id), eq(transactions.assetId, assetId), eq(transactions.type, 'buy')));
    if (!bought) await buyFromIssuer(await client(), key, investor, assetId, shares);
  }
  const [pending] = await app.db
    .select({ id: signingRequests.id })
    .from(signingRequests)
    .where(and(eq(signingRequests.userId, user.id), eq(signingRequests.status, 'pending')));
  if (pending) await signPending(await client(), key);
  app.log.info({ email }, 'seed: demo investor ready');
  return { investor, userId: user.id, email, client, key };
};

export { demoInvestors };
