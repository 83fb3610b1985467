import { generateKeyPairSync, type KeyObject, randomUUID, sign } from 'node:crypto';
import { assets, type Db, ledgerAccounts, transactions, users } from '@bw/db';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { post } from '../account/ledger/ledger.js';
import { createLoggedInUser, type LoggedIn } from '../accounts/accounts.test-support.js';

/**
 * Test support for everything that buys and sells: a verified investor with money and a linked
 * security app (a real Ed25519 key), an asset in its financing phase, signing like the app does.
 */
export type Investor = LoggedIn & { privateKey: KeyObject; deviceToken: string };

export const fundUser = async (db: Db, userId: string, amountCents: bigint): Promise<void> => {
  await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(transactions)
      .values({ userId, type: 'charge', status: 'success', method: 'transfer', amountCents, sender: 'Test' })
      .returning({ id: transactions.id });
    if (!row) throw new Error('no charge row');
    await post(tx, {
      key: `test-charge:${row.id}`,
      kind: 'pay-in',
      transactionId: row.id,
      legs: [
        { account: { kind: 'psp_clearing' }, amount: -amountCents },
        { account: { kind: 'user_cash', userId }, amount: amountCents },
      ],
    });
  });
};

export const createInvestor = async (
  app: FastifyInstance,
  options: { cashCents?: bigint; status?: 'verified' | 'active' | 'new' | 'pending'; linkApp?: boolean } = {},
): Promise<Investor> => {
  const user = await createLoggedInUser(app);
  await app.db
    .update(users)
    .set({ status: options.status ?? 'verified' })
    .where(eq(users.id, user.userId));
  if (options.cashCents) await fundUser(app.db, user.userId, options.cashCents);
  const pair = generateKeyPairSync('ed25519');
  let deviceToken = '';
  if (options.linkApp !== false) {
    const pairing = await app.inject({ method: 'POST', url: '/api/v1/securityApp/pairing', headers: user.headers });
    const linked = await app.inject({
      method: 'POST',
      url: '/api/v1/securityApp/link',
      payload: { pairingCode: pairing.json().data.pairingCode, publicKey: pair.publicKey.export({ format: 'jwk' }).x },
    });
    expect(linked.statusCode).toBe(200);
    deviceToken = linked.json().data.deviceToken;
  }
  return { ...user, privateKey: pair.privateKey, deviceToken };
};

/** Answers a signing request as the investor's security app does: fetch, check, sign or reject. */
export const answerInApp = async (
  app: FastifyInstance,
  investor: Investor,
  requestId: string,
  answer: 'sign' | 'reject' = 'sign',
) => {
  const headers = { authorization: `SecurityApp ${investor.deviceToken}` };
  const request = await app.inject({ url: `/api/v1/securityApp/signingRequests/${requestId}`, headers });
  expect(request.statusCode).toBe(200);
  if (answer === 'reject')
    return app.inject({ method: 'POST', url: `/api/v1/securityApp/signingRequests/${requestId}/reject`, headers });
  const signature = sign(null, Buffer.from(request.json().data.canonicalPayload, 'utf8'), investor.privateKey).toString(
    'base64url',
  );
  return app.inject({
    method: 'POST',
    url: `/api/v1/securityApp/signingRequests/${requestId}/signature`,
    headers,
    payload: { signature },
  });
};

/** A copy of a seeded primary-market asset with the given figures (each test its own asset). */
export const createPrimaryAsset = async (
  db: Db,
  values: Partial<typeof assets.$inferInsert> & { availableShares: number },
): Promise<string> => {
  const [template] = await db.select().from(assets).where(eq(assets.stage, 'primary')).limit(1);
  if (!template) throw new Error('no seeded primary asset');
  const id = `test-${randomUUID().slice(0, 8)}`;
  await db.insert(assets).values({
    ...template,
    id,
    title: `Testobjekt ${id}`,
    serialNumber: `SN-${id}`,
    securityType: 'participationKG',
    countryCode: 'AT',
    spvCountryCode: 'AT',
    minimumSubscriptionShares: 1,
    pricePerShareCents: 10_000n,
    totalShares: values.availableShares,
    stage: 'primary',
    ...values,
    createdAt: new Date(),
    updatedAt: new Date(),
  });
  return id;
};

export const balanceOfBook = async (db: Db, accountKey: string): Promise<bigint> =>
  (
    await db
      .select({ balance: ledgerAccounts.balance })
      .from(ledgerAccounts)
      .where(eq(ledgerAccounts.accountKey, accountKey))
  )[0]?.balance ?? 0n;

/**
 * The share invariant of an asset: shares sold by the issuer (-issuer_shares) equal the shares in
 * investors' books, and sold plus reserved plus available equal the total.
 */
export const shareInvariant = async (db: Db, assetId: string) => {
  const [books] = await db
    .select({
      investors: sql<string>`coalesce(sum(${ledgerAccounts.balance}) filter (where ${ledgerAccounts.kind} in ('user_shares','user_shares_held')), 0)::text`,
      issuer: sql<string>`coalesce(sum(${ledgerAccounts.balance}) filter (where ${ledgerAccounts.kind} = 'issuer_shares'), 0)::text`,
    })
    .from(ledgerAccounts)
    .where(and(eq(ledgerAccounts.assetId, assetId)));
  const [asset] = await db
    .select({ total: assets.totalShares, available: assets.availableShares, stage: assets.stage })
    .from(assets)
    .where(eq(assets.id, assetId));
  return {
    investorShares: BigInt(books?.investors ?? '0'),
    issuedShares: -BigInt(books?.issuer ?? '0'),
    total: asset?.total ?? 0,
    available: asset?.available ?? 0,
    stage: asset?.stage,
  };
};
