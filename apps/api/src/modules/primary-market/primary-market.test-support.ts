import { randomUUID, sign } from 'node:crypto';
import { assets, type Db, ledgerAccountBalances } from '@bw/db';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { createTrader, type Trader } from '../bulletin-board/bulletin-board.test-support.js';

/**
 * Test support for purchases from the issuer: investors are the bulletin board's traders (verified,
 * cash through the ledger, a linked provider security app with a real Ed25519 key); assets in
 * their financing phase; signing like the app does.
 */
export type Investor = Trader;

export const createInvestor = (
  app: FastifyInstance,
  options: { cashCents?: bigint; status?: 'verified' | 'active' | 'new'; linkApp?: boolean } = {},
): Promise<Investor> =>
  createTrader(app, {
    ...(options.cashCents ? { cashCents: options.cashCents } : {}),
    status: options.status ?? 'verified',
    securityApp: options.linkApp === false ? 'none' : 'provider',
  });

/** Answers a signing request as the investor's security app does: fetch, check, sign or reject. */
export const answerInApp = async (
  app: FastifyInstance,
  investor: Investor,
  requestId: string,
  answer: 'sign' | 'reject' = 'sign',
) => {
  const headers = investor.appHeaders;
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
      .select({ balance: ledgerAccountBalances.balance })
      .from(ledgerAccountBalances)
      .where(eq(ledgerAccountBalances.accountKey, accountKey))
  )[0]?.balance ?? 0n;

/**
 * The share invariant of an asset: shares sold by the issuer (-issuer_shares) equal the shares in
 * investors' books, and sold plus reserved plus available equal the total.
 */
export const shareInvariant = async (db: Db, assetId: string) => {
  const [books] = await db
    .select({
      investors: sql<string>`coalesce(sum(${ledgerAccountBalances.balance}) filter (where ${ledgerAccountBalances.kind} in ('user_shares','user_shares_held')), 0)::text`,
      issuer: sql<string>`coalesce(sum(${ledgerAccountBalances.balance}) filter (where ${ledgerAccountBalances.kind} = 'issuer_shares'), 0)::text`,
    })
    .from(ledgerAccountBalances)
    .where(and(eq(ledgerAccountBalances.assetId, assetId)));
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
