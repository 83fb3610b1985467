import { ledgerEntries, ledgerHolds, primaryPurchases } from '@bw/db';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BulkInvestor, createBulkInvestors, signPayload } from '../../test/bulk-investors.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { usesPostgres } from '../../test/test-database.js';
import { balanceOfBook, createPrimaryAsset, shareInvariant } from './primary-market.test-support.js';

/**
 * Issue 9: 1,000 concurrent buyers for the last 100 shares of an asset, over real HTTP against
 * PostgreSQL. Exactly 100 are sold, every loser gets a clear answer, nothing answers 5xx, the
 * ledger balances. PGlite runs one connection at a time, so the race needs the real database.
 */
const BUYERS = 1_000;
const LAST_SHARES = 100;
const PRICE = 10_000n;

let testApp: TestApp;
let app: FastifyInstance;
let base = '';

beforeAll(async () => {
  if (!usesPostgres()) return;
  testApp = await createTestApp({ env: { DATABASE_POOL_SIZE: '20' } });
  app = testApp.app;
  // All buyers connect at once: Node's default accept backlog (511) overflowed and the kernel reset
  // some connections before the app saw them (ECONNRESET), which is not the race under test.
  await app.listen({ port: 0, host: '127.0.0.1', backlog: 2 * BUYERS });
  const address = app.server.address();
  base = typeof address === 'object' && address ? `http://127.0.0.1:${address.port}` : '';
});
afterAll(async () => testApp?.close());

const call = async (investor: BulkInvestor, method: string, path: string, body?: unknown) => {
  const response = await fetch(`${base}${path}`, {
    method,
    headers: { ...investor.headers, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  return {
    status: response.status,
    json: (await response.json()) as {
      data?: { signingRequestId: string; canonicalPayload: string };
      error?: { code: string; message: string };
    },
  };
};

describe.skipIf(!usesPostgres())('the race for the last shares (PostgreSQL)', () => {
  it(`${BUYERS} concurrent buyers for the last ${LAST_SHARES} shares: exactly ${LAST_SHARES} sold`, async () => {
    const assetId = await createPrimaryAsset(app.db, {
      availableShares: LAST_SHARES,
      totalShares: LAST_SHARES,
      pricePerShareCents: PRICE,
    });
    const buyers = await createBulkInvestors(app.db, BUYERS, { cashCents: 50_000n });

    const answers = await Promise.all(
      buyers.map((buyer) =>
        call(buyer, 'POST', `/api/v1/assets/initInvestment/${assetId}`, {
          shares: 1,
          acknowledgedAppropriateness: true,
        }).then((answer) => ({ buyer, answer })),
      ),
    );
    expect(answers.filter(({ answer }) => answer.status >= 500)).toEqual([]);
    const winners = answers.filter(({ answer }) => answer.status === 200);
    const losers = answers.filter(({ answer }) => answer.status !== 200);
    expect(winners).toHaveLength(LAST_SHARES);
    for (const { answer } of losers) {
      expect(answer.status).toBe(409);
      expect(answer.json.error).toMatchObject({
        code: 'INVESTMENT_SHARES_NOT_AVAILABLE',
        message: 'So viele Anteile sind nicht verfügbar.',
      });
    }

    // Every winner signs, concurrently: all settle and the financing phase ends.
    const signed = await Promise.all(
      winners.map(async ({ buyer, answer }) => {
        const id = answer.json.data?.signingRequestId ?? '';
        const request = await call(buyer, 'GET', `/api/v1/securityApp/signingRequests/${id}`);
        return call(buyer, 'POST', `/api/v1/securityApp/signingRequests/${id}/signature`, {
          signature: signPayload(buyer, request.json.data?.canonicalPayload ?? ''),
        });
      }),
    );
    expect(signed.map((answer) => answer.status)).toEqual(signed.map(() => 200));

    expect(await shareInvariant(app.db, assetId)).toMatchObject({
      investorShares: BigInt(LAST_SHARES),
      issuedShares: BigInt(LAST_SHARES),
      available: 0,
      stage: 'secondary',
    });
    const settled = await app.db
      .select({ count: sql<number>`count(*)::int` })
      .from(primaryPurchases)
      .where(eq(primaryPurchases.assetId, assetId));
    expect(settled[0]?.count).toBe(LAST_SHARES);
    // 1 % demo fee on 100 €: each winner paid 101 €, the issuer got 100 × 100 €.
    expect(await balanceOfBook(app.db, `issuer_cash:${assetId}`)).toBe(PRICE * BigInt(LAST_SHARES));
    for (const { buyer } of winners) expect(await balanceOfBook(app.db, `user_cash:${buyer.userId}`)).toBe(39_900n);
    for (const { buyer } of losers) expect(await balanceOfBook(app.db, `user_cash:${buyer.userId}`)).toBe(50_000n);

    // The whole ledger balances per unit, and no hold is left pending.
    const unbalanced = await app.db
      .select({ unit: ledgerEntries.unit, sum: sql<string>`sum(${ledgerEntries.amount})::text` })
      .from(ledgerEntries)
      .groupBy(ledgerEntries.unit)
      .having(sql`sum(${ledgerEntries.amount}) <> 0`);
    expect(unbalanced).toEqual([]);
    const pending = await app.db
      .select({ count: sql<number>`count(*)::int` })
      .from(ledgerHolds)
      .where(eq(ledgerHolds.status, 'pending'));
    expect(pending[0]?.count).toBe(0);
  }, 180_000);
});
