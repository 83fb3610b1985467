import { createPrivateKey, randomUUID, sign } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  assets,
  type Db,
  personalInformation,
  securityApps,
  signingRequests,
  termsAcceptances,
  transactions,
  users,
  userTaxIds,
} from '@bw/db';
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { PaymentProvider } from '../../providers/payments/payment-provider.js';
import { hashPassword, sha256 } from '../auth/secrets.js';
import { post } from '../payments/ledger/ledger.js';
import { openPaymentAccount } from '../payments/operations/open-payment-account.js';
import { approveSigningRequest } from '../security-app/operations/answer-signing-request.js';
import { initInvestment } from './operations/init-investment.js';

/**
 * The two demo investors of the embedded default (issue 9; README "Demo investors"): verified,
 * with money, a linked security app whose key is in `demo/`, holdings and a history. Their
 * purchases in the financing phase go through the real path (initInvestment, signature,
 * settlement); their holdings in assets already traded between investors are booked as bought
 * in an earlier financing phase. Seeded once; a restart changes nothing.
 */
export const DEMO_PASSWORD = 'Ziegel-Demo-2026';

type DemoInvestor = {
  name: 'anna' | 'ben';
  id: string;
  securityAppId: string;
  email: string;
  firstName: string;
  lastName: string;
  phone: string;
  street: string;
  houseNumber: string;
  postcode: string;
  city: string;
  birthDate: string;
  payInsCents: bigint[];
  /** Bought from the issuer now, through the real flow: [assetId, shares]. */
  primary: [string, number][];
  /** Bought in an earlier financing phase of assets now traded between investors. */
  earlier: [string, number][];
};

export const demoInvestors: DemoInvestor[] = [
  {
    name: 'anna',
    id: '00000000-0000-4000-8000-00000000a001',
    securityAppId: '00000000-0000-4000-8000-00000000b001',
    email: 'anna.berger@demo.brickwise.at',
    firstName: 'Anna',
    lastName: 'Berger',
    phone: '+436641234501',
    street: 'Mariahilfer Straße',
    houseNumber: '45',
    postcode: '1060',
    city: 'Wien',
    birthDate: '1986-04-12',
    payInsCents: [2_500_000n, 1_000_000n],
    primary: [
      ['pv-landshut-agri', 20],
      ['graz-lend-dachgeschoss', 10],
    ],
    earlier: [
      ['wien-ottakring-zinshaus', 40],
      ['wind-parndorf', 25],
    ],
  },
  {
    name: 'ben',
    id: '00000000-0000-4000-8000-00000000a002',
    securityAppId: '00000000-0000-4000-8000-00000000b002',
    email: 'ben.huber@demo.brickwise.at',
    firstName: 'Ben',
    lastName: 'Huber',
    phone: '+436641234502',
    street: 'Herrengasse',
    houseNumber: '7',
    postcode: '8010',
    city: 'Graz',
    birthDate: '1979-09-30',
    payInsCents: [1_500_000n],
    primary: [['pv-wels-dach', 15]],
    earlier: [
      ['wien-ottakring-zinshaus', 25],
      ['pv-weinviertel-freiflaeche', 30],
    ],
  },
];

const demoDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../../demo');
const demoFile = (investor: DemoInvestor, kind: 'key' | 'recovery') =>
  JSON.parse(readFileSync(path.join(demoDir, `${investor.name}-security-app-${kind}.json`), 'utf8'));

const DAY_MS = 86_400_000;

const seedPerson = async (db: Db, investor: DemoInvestor, passwordHash: string, partnerId: string) => {
  const recovery = demoFile(investor, 'recovery');
  await db.transaction(async (tx) => {
    await tx.insert(users).values({
      id: investor.id,
      email: investor.email,
      partnerId,
      passwordHash,
      status: 'active',
      firstName: investor.firstName,
      lastName: investor.lastName,
      phone: investor.phone,
      emailVerifiedAt: new Date(),
    });
    await tx.insert(personalInformation).values({
      userId: investor.id,
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
      iban: 'AT611904300234573201',
      vat: false,
    });
    await tx.insert(userTaxIds).values([
      { userId: investor.id, country: 'AT', taxId: investor.name === 'anna' ? '123456789' : '987654321' },
      { userId: investor.id, country: 'DE', taxId: investor.name === 'anna' ? '86095742719' : '47036892816' },
    ]);
    const now = new Date();
    await tx.insert(termsAcceptances).values({
      userId: investor.id,
      productProviderAt: now,
      customerInformationAt: now,
      identityProviderAt: now,
      energyProviderAt: now,
      paymentProviderAt: now,
      furtherProviderAt: now,
      furtherProviderPrivacyAt: now,
      ipAddress: '127.0.0.1',
    });
    await tx.insert(securityApps).values({
      id: investor.securityAppId,
      userId: investor.id,
      kind: 'provider',
      status: 'active',
      publicKey: demoFile(investor, 'key').publicKey,
      deviceTokenHash: sha256(randomUUID()),
      recoveryHash: sha256(recovery.recoverySecret),
      linkedAt: now,
    });
  });
};

const payIn = async (db: Db, investor: DemoInvestor, amountCents: bigint, daysAgo: number) =>
  db.transaction(async (tx) => {
    const at = new Date(Date.now() - daysAgo * DAY_MS);
    const [row] = await tx
      .insert(transactions)
      .values({
        userId: investor.id,
        type: 'charge',
        status: 'success',
        method: 'transfer',
        amountCents,
        sender: `${investor.firstName} ${investor.lastName}`,
        senderIban: 'AT611904300234573201',
        paymentInformation: 'Einzahlung',
        createdAt: at,
        updatedAt: at,
      })
      .returning({ id: transactions.id });
    if (!row) throw new Error('demo pay-in not recorded');
    await post(tx, {
      key: `demo:${row.id}:pay-in`,
      kind: 'pay-in',
      transactionId: row.id,
      legs: [
        { account: { kind: 'psp_clearing' }, amount: -amountCents },
        { account: { kind: 'user_cash', userId: investor.id }, amount: amountCents },
      ],
    });
  });

const earlierPurchase = async (db: Db, investor: DemoInvestor, assetId: string, shares: number, daysAgo: number) =>
  db.transaction(async (tx) => {
    const [asset] = await tx
      .select({ price: assets.pricePerShareCents, name: assets.spvName })
      .from(assets)
      .where(eq(assets.id, assetId));
    if (!asset) return;
    const at = new Date(Date.now() - daysAgo * DAY_MS);
    const [row] = await tx
      .insert(transactions)
      .values({
        userId: investor.id,
        assetId,
        type: 'buy',
        status: 'success',
        method: 'account',
        amountCents: asset.price * BigInt(shares),
        receiver: asset.name,
        paymentInformation: 'Kauf in der Finanzierungsphase',
        createdAt: at,
        updatedAt: at,
      })
      .returning({ id: transactions.id });
    if (!row) throw new Error('demo purchase not recorded');
    await post(tx, {
      key: `demo:${row.id}:shares`,
      kind: 'primary-shares',
      transactionId: row.id,
      legs: [
        { account: { kind: 'issuer_shares', assetId }, amount: -BigInt(shares) },
        { account: { kind: 'user_shares', userId: investor.id, assetId }, amount: BigInt(shares) },
      ],
    });
  });

const buyNow = async (db: Db, investor: DemoInvestor, assetId: string, shares: number) => {
  const purchase = await initInvestment(db, {
    userId: investor.id,
    assetId,
    shares,
    acknowledgedAppropriateness: true,
    acceptedWarnings: ['Accepted5KLimit'],
    idempotencyKey: null,
    now: new Date(),
  });
  const [request] = await db.select().from(signingRequests).where(eq(signingRequests.id, purchase.signingRequestId));
  if (!request) throw new Error('demo signing request missing');
  const key = createPrivateKey(demoFile(investor, 'key').privateKeyPkcs8Pem);
  const signature = sign(null, Buffer.from(request.canonicalPayload, 'utf8'), key).toString('base64url');
  await approveSigningRequest(
    db,
    { via: 'session', userId: investor.id, email: investor.email },
    request.id,
    signature,
  );
};

export const seedDemoInvestors = async (
  db: Db,
  payments: PaymentProvider,
  partnerId: string,
  log: FastifyBaseLogger,
): Promise<void> => {
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  for (const investor of demoInvestors) {
    const [existing] = await db.select({ id: users.id }).from(users).where(eq(users.id, investor.id));
    if (existing) continue;
    await seedPerson(db, investor, passwordHash, partnerId);
    await openPaymentAccount(db, payments, investor.id);
    for (const [index, amount] of investor.payInsCents.entries()) await payIn(db, investor, amount, 60 - index * 20);
    for (const [index, [assetId, shares]] of investor.earlier.entries())
      await earlierPurchase(db, investor, assetId, shares, 300 - index * 40);
    for (const [assetId, shares] of investor.primary) {
      await buyNow(db, investor, assetId, shares).catch((error: unknown) =>
        log.warn({ err: error, assetId }, 'demo purchase skipped'),
      );
    }
    log.info({ email: investor.email }, 'demo investor seeded');
  }
};
