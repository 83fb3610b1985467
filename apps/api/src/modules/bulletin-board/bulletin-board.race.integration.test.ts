import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { balanceOf } from '../../ledger/ledger.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { usesPostgres } from '../../test/test-database.js';
import {
  answerSigningRequest,
  averagePriceCents,
  balances,
  checkBulletinBoardInvariants,
  createTrader,
  openOffer,
  pendingSigningRequests,
  SECONDARY_ASSET,
  type Trader,
  takeOfferCall,
} from './bulletin-board.test-support.js';

/**
 * Issue 10: many buyers take one sell offer at the same moment. The offer row lock serialises
 * the fills: exactly the offered shares move, every loser gets a clear 409, nothing answers 5xx,
 * the ledger balances. PGlite runs one connection at a time, so the race needs PostgreSQL.
 */
const BUYERS = 30;
const OFFERED = 20;
const WANTED_EACH = 3;

let t: TestApp;
let app: FastifyInstance;

beforeAll(async () => {
  if (!usesPostgres()) return;
  t = await createTestApp({ env: { DATABASE_POOL_SIZE: '20' } });
  app = t.app;
});
afterAll(async () => t?.close());

describe.skipIf(!usesPostgres())('the race for one sell offer (PostgreSQL only; PGlite is single-connection)', () => {
  it(`${BUYERS} buyers at once for ${OFFERED} shares: exactly ${OFFERED} move`, async () => {
    const price = await averagePriceCents(app);
    const seller = await createTrader(app, { shares: OFFERED });
    const buyers: Trader[] = [];
    for (let i = 0; i < BUYERS; i += 1) buyers.push(await createTrader(app, { cashCents: 10_000_000n }));
    const offerId = await openOffer(app, seller, { type: 'sell', sharesAmount: OFFERED, price: price.toString() });

    const takes = await Promise.all(buyers.map((buyer) => takeOfferCall(app, buyer, { offerId, shares: WANTED_EACH })));
    expect(takes.filter((res) => res.statusCode >= 500)).toEqual([]);
    const won = takes.map((res, i) => ({ res, buyer: buyers[i] })).filter(({ res }) => res.statusCode === 200);
    const lost = takes.filter((res) => res.statusCode !== 200);
    expect(lost.every((res) => res.statusCode === 409)).toBe(true);
    // 20 shares in threes: 6 fills leave 2, too few for anyone else.
    expect(new Set(lost.map((res) => res.json().error.code))).toEqual(new Set(['OFFER_SHARES_NOT_AVAILABLE']));
    expect(won.length).toBe(Math.floor(OFFERED / WANTED_EACH));
    // The last 2 shares: one more buyer takes the rest, racing again.
    const rest = await Promise.all(buyers.slice(0, 5).map((buyer) => takeOfferCall(app, buyer, { offerId })));
    expect(rest.filter((res) => res.statusCode === 200)).toHaveLength(1);
    expect(rest.filter((res) => res.statusCode >= 500)).toEqual([]);

    // Everyone signs at once: settlements race on the offer and the platform's fee book.
    const answers = await Promise.all(
      buyers.map(async (buyer) => {
        const pending = await pendingSigningRequests(app, buyer);
        return Promise.all(pending.map((request) => answerSigningRequest(app, buyer, request.id)));
      }),
    );
    expect(answers.flat().filter((res) => res.statusCode !== 200)).toEqual([]);

    let bought = 0n;
    for (const buyer of buyers) bought += (await balances(app, buyer.userId)).shares;
    expect(bought).toBe(BigInt(OFFERED));
    expect(await balances(app, seller.userId)).toMatchObject({ shares: 0n, sharesHeld: 0n });
    expect(await balanceOf(app.db, { kind: 'user_shares_held', userId: seller.userId, assetId: SECONDARY_ASSET })).toBe(
      0n,
    );
    expect(await checkBulletinBoardInvariants(app.db, SECONDARY_ASSET)).toEqual([]);
  }, 120_000);
});
