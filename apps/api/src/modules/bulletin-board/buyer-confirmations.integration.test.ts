import { bulletinOffer } from '@bw/contracts';
import { transactions, userBonuses } from '@bw/db';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { balanceOfBook } from '../primary-market/primary-market.test-support.js';
import {
  answerSigningRequest,
  averagePriceCents,
  balances,
  createOfferCall,
  createTrader,
  signAll,
  takeOfferCall,
} from './bulletin-board.test-support.js';

/**
 * Issue 25: a buy on the bulletin board asks the same confirmations as a buy from the issuer, from
 * one shared rule: over EUR 5,000 `Accepted5KLimit`, and the appropriateness warning.
 */
let t: TestApp;
let app: FastifyInstance;
let price: bigint;
beforeAll(async () => {
  t = await createTestApp();
  app = t.app;
  price = await averagePriceCents(app);
});
afterAll(async () => t.close());

/** Enough shares that taking them all costs more than EUR 5,000. */
const sharesOver5k = () => Number(500_000n / price) + 1;

const openSellOffer = async (shares: number) => {
  const seller = await createTrader(app, { shares });
  const created = await createOfferCall(app, seller, { type: 'sell', sharesAmount: shares, price: price.toString() });
  expect(created.statusCode).toBe(200);
  const offer = bulletinOffer.parse(created.json().data);
  await answerSigningRequest(app, seller, offer.signingRequest?.signingRequestId ?? '');
  return offer.offerId;
};

describe('taking a sell offer is a buy', () => {
  it('over EUR 5,000 needs Accepted5KLimit; nothing is reserved while it is missing', async () => {
    const offerId = await openSellOffer(sharesOver5k());
    const buyer = await createTrader(app, { cashCents: 10_000_000n });
    const refused = await takeOfferCall(app, buyer, { offerId });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.code).toBe('INVESTMENT_5K_CONFIRMATION_REQUIRED');
    expect(await balances(app, buyer.userId)).toMatchObject({ cash: 10_000_000n, cashHeld: 0n });

    const taken = await takeOfferCall(app, buyer, { offerId, acceptedWarnings: ['Accepted5KLimit'] });
    expect(taken.statusCode, taken.body).toBe(200);
  });

  it('at EUR 5,000 or less needs no confirmation, but the appropriateness warning must be passed', async () => {
    const offerId = await openSellOffer(1);
    const buyer = await createTrader(app, { cashCents: 1_000_000n });
    const refused = await takeOfferCall(app, buyer, { offerId, acknowledgedAppropriateness: false });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toMatchObject({
      code: 'INVESTMENT_APPROPRIATENESS_CONFIRMATION_REQUIRED',
      fields: { rating: 'NoInformation' },
    });
    expect((await takeOfferCall(app, buyer, { offerId, acknowledgedAppropriateness: true })).statusCode).toBe(200);
  });
});

describe('a buy offer is a buy', () => {
  it('over EUR 5,000 needs Accepted5KLimit and the appropriateness answer; a sell offer needs neither', async () => {
    const buyer = await createTrader(app, { cashCents: 10_000_000n });
    const body = { type: 'buy', sharesAmount: sharesOver5k(), price: price.toString() };
    const no5k = await createOfferCall(app, buyer, body);
    expect(no5k.statusCode).toBe(409);
    expect(no5k.json().error.code).toBe('INVESTMENT_5K_CONFIRMATION_REQUIRED');
    const noAck = await createOfferCall(app, buyer, {
      ...body,
      acceptedWarnings: ['Accepted5KLimit'],
      acknowledgedAppropriateness: false,
    });
    expect(noAck.json().error.code).toBe('INVESTMENT_APPROPRIATENESS_CONFIRMATION_REQUIRED');
    expect(await balances(app, buyer.userId)).toMatchObject({ cash: 10_000_000n, cashHeld: 0n });
    const placed = await createOfferCall(app, buyer, { ...body, acceptedWarnings: ['Accepted5KLimit'] });
    expect(placed.statusCode, placed.body).toBe(200);

    const seller = await createTrader(app, { shares: sharesOver5k() });
    const sell = await createOfferCall(app, seller, {
      type: 'sell',
      sharesAmount: sharesOver5k(),
      price: price.toString(),
    });
    expect(sell.statusCode).toBe(200);
  });
});

describe('bonuses on the bulletin board (issue 25)', () => {
  it('a secondary-market bonus comes back in cash from the bonus book when the purchase settles, once', async () => {
    const offerId = await openSellOffer(2);
    const buyer = await createTrader(app, { cashCents: 1_000_000n });
    const [primaryOnly, secondary] = await app.db
      .insert(userBonuses)
      .values([
        {
          userId: buyer.userId,
          kind: 'bonusCode',
          title: 'Nur Erstmarkt',
          amountCents: 9_000n,
          applicability: 'primaryMarket',
        },
        {
          userId: buyer.userId,
          kind: 'startBonus',
          title: 'Startbonus',
          amountCents: 2_500n,
          applicability: 'primaryAndSecondary',
        },
      ])
      .returning();
    const bonusBook = await balanceOfBook(app.db, 'bonuses');
    expect((await takeOfferCall(app, buyer, { offerId })).statusCode).toBe(200);
    await signAll(app, buyer);
    const volume = price * 2n;
    const after = await balances(app, buyer.userId);
    const fee = 1_000_000n - volume - (after.cash - 2_500n);
    expect(fee).toBeGreaterThan(0n);
    expect(await balanceOfBook(app.db, 'bonuses')).toBe(bonusBook - 2_500n);
    const [spent] = await app.db
      .select()
      .from(userBonuses)
      .where(eq(userBonuses.id, secondary?.id ?? ''));
    expect(spent?.usedAt).not.toBeNull();
    const [untouched] = await app.db
      .select()
      .from(userBonuses)
      .where(eq(userBonuses.id, primaryOnly?.id ?? ''));
    expect(untouched?.usedAt).toBeNull();
    const [buy] = await app.db
      .select()
      .from(transactions)
      .where(and(eq(transactions.userId, buyer.userId), eq(transactions.type, 'buy')));
    expect(buy?.bonusCents).toBe(2_500n);
  });
});
