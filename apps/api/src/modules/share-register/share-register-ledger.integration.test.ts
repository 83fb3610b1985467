import { queryRows } from '@bw/db';
import { verifyRegisterLog, verifyRegisterProof } from '@bw/register';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { usesPostgres } from '../../test/test-database.js';
import {
  answerSigningRequest,
  averagePriceCents,
  openOffer,
  pendingSigningRequests,
  takeOfferCall,
} from '../bulletin-board/bulletin-board.test-support.js';
import {
  answerInApp,
  createInvestor,
  createPrimaryAsset,
  type Investor,
} from '../primary-market/primary-market.test-support.js';
import { registerLedgerDifferences } from './register-admin.js';
import { buildHolderProof, platformKeyOf, publishRegisterRoots, registerSignerFromSeed } from './register-roots.js';

/**
 * Issue 39: the share register is written in the transaction of each ledger share posting, so the
 * two agree per holder and asset after concurrent purchases from the issuer and concurrent
 * bulletin-board trades (concurrency needs PostgreSQL; on PGlite the same runs one at a time).
 */
const INVESTORS = 10;
const SHARES_EACH = 3;

let t: TestApp;
let app: FastifyInstance;
beforeAll(async () => {
  t = await createTestApp({ env: { DATABASE_POOL_SIZE: '20', LOG_LEVEL: 'error', LOG_FORMAT: 'json' } });
  app = t.app;
});
afterAll(() => t?.close());

/** Shares per holder of an asset: the ledger's share books and the register's positions. */
const booksOf = async (assetId: string) => {
  const ledger = await queryRows<{ user_id: string; shares: string }>(
    app.db,
    sql`SELECT user_id::text, sum(balance)::text AS shares FROM ledger_accounts
      WHERE asset_id = ${assetId} AND kind IN ('user_shares', 'user_shares_held') GROUP BY user_id HAVING sum(balance) <> 0
      ORDER BY user_id`,
  );
  const register = await queryRows<{ user_id: string; shares: string }>(
    app.db,
    sql`SELECT user_id::text, shares::text FROM register_positions WHERE asset_id = ${assetId} AND shares <> 0
      ORDER BY user_id`,
  );
  return { ledger, register };
};

const buy = async (investor: Investor, assetId: string, shares: number) => {
  const res = await app.inject({
    method: 'POST',
    url: `/api/v1/assets/initInvestment/${assetId}`,
    headers: investor.headers,
    payload: { shares, acknowledgedAppropriateness: true },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.signingRequestId as string;
};

describe(`the share register and the ledger agree (${usesPostgres() ? 'PostgreSQL, concurrent' : 'PGlite'})`, () => {
  it('after concurrent purchases and concurrent bulletin-board trades, and the log and a holder’s proof verify', async () => {
    const total = INVESTORS * SHARES_EACH;
    const assetId = await createPrimaryAsset(app.db, { availableShares: total, totalShares: total });
    const investors: Investor[] = [];
    for (let i = 0; i < INVESTORS; i += 1) investors.push(await createInvestor(app, { cashCents: 10_000_000n }));

    // Everyone buys at once and signs at once: the asset sells out.
    const requests = await Promise.all(investors.map((investor) => buy(investor, assetId, SHARES_EACH)));
    const signed = await Promise.all(investors.map((investor, i) => answerInApp(app, investor, requests[i] ?? '')));
    expect(signed.map((res) => res.statusCode)).toEqual(signed.map(() => 200));
    let books = await booksOf(assetId);
    expect(books.register).toEqual(books.ledger);
    expect(await registerLedgerDifferences(app.db)).toEqual([]);
    expect(books.ledger).toHaveLength(INVESTORS);

    // Half sell their shares to the other half, all at the same time.
    const price = await averagePriceCents(app, assetId);
    const sellers = investors.slice(0, INVESTORS / 2);
    const buyers = investors.slice(INVESTORS / 2);
    const offers = await Promise.all(
      sellers.map((seller) =>
        openOffer(app, seller, { assetId, type: 'sell', sharesAmount: 2, price: price.toString() }),
      ),
    );
    const takes = await Promise.all(
      buyers.map((buyer, i) => takeOfferCall(app, buyer, { offerId: offers[i] ?? '', shares: 2 })),
    );
    expect(takes.map((res) => res.statusCode)).toEqual(takes.map(() => 200));
    await Promise.all(
      buyers.map(async (buyer) => {
        for (const request of await pendingSigningRequests(app, buyer)) {
          const res = await answerSigningRequest(app, buyer, request.id);
          expect(res.statusCode, res.body).toBe(200);
        }
      }),
    );
    books = await booksOf(assetId);
    expect(books.register).toEqual(books.ledger);
    expect(books.ledger.map((row) => Number(row.shares)).sort()).toEqual([
      ...sellers.map(() => 1),
      ...buyers.map(() => 5),
    ]);

    // The whole log rebuilds, with each purchase and trade carrying the investors' signatures.
    const signer = registerSignerFromSeed(app.config.REGISTER_SIGNING_KEY);
    const [root] = await publishRegisterRoots(app.db, signer, new Date());
    expect(root?.treeSize).toBe(INVESTORS + sellers.length);
    const rows = await queryRows<{ entry: string }>(
      app.db,
      sql`SELECT entry FROM register_entries WHERE asset_id = ${assetId} ORDER BY seq`,
    );
    const entries = rows.map((row) => JSON.parse(row.entry));
    expect(entries.filter((entry) => entry.kind === 'trade').every((entry) => entry.authorisations.length === 2)).toBe(
      true,
    );
    const log = verifyRegisterLog(
      {
        format: 'brickwise.register.log',
        version: 1,
        assetId,
        createdAt: new Date().toISOString(),
        platformKey: platformKeyOf(signer),
        roots: [root],
        entries,
      },
      { platformPublicKey: platformKeyOf(signer).publicKey },
    );
    expect(log.failures).toEqual([]);
    expect(Object.values(log.summary?.holdings ?? {}).reduce((sum, shares) => sum + Number(shares), 0)).toBe(total);

    const seller = sellers[0] as Investor;
    const proof = await buildHolderProof(app.db, signer, { userId: seller.userId, assetId, now: new Date() });
    const report = verifyRegisterProof(JSON.parse(JSON.stringify(proof)), {
      platformPublicKey: platformKeyOf(signer).publicKey,
    });
    expect(report.failures).toEqual([]);
    expect(report.summary?.shares).toBe('1');
    expect(proof.entries.map((item) => item.entry.kind)).toEqual(['purchase', 'trade']);
  }, 180_000);

  it('refuses to change or delete an entry or a published root', async () => {
    const [entry] = await queryRows<{ asset_id: string; seq: number }>(
      app.db,
      sql`SELECT asset_id, seq FROM register_entries LIMIT 1`,
    );
    expect(entry).toBeDefined();
    const refusal = (query: ReturnType<typeof sql>) =>
      queryRows(app.db, query).then(
        () => 'written',
        (error: Error) => String((error.cause as Error | undefined)?.message ?? error.message),
      );
    expect(await refusal(sql`UPDATE register_entries SET kind = 'trade' WHERE asset_id = ${entry?.asset_id}`)).toBe(
      'register_entries is append-only: UPDATE refused',
    );
    expect(await refusal(sql`DELETE FROM register_entries WHERE asset_id = ${entry?.asset_id}`)).toBe(
      'register_entries is append-only: DELETE refused',
    );
    expect(await refusal(sql`DELETE FROM register_roots`)).toBe('register_roots is append-only: DELETE refused');
    expect(await refusal(sql`TRUNCATE register_entries`)).toBe('register_entries is append-only: TRUNCATE refused');
  });
});
