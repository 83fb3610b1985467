import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { answerInApp, createPrimaryAsset, type Investor } from '../primary-market/primary-market.test-support.js';

export const EUR = (euros: number) => BigInt(euros * 100);

/** Buys shares of a fresh asset at 100 € each for `euros` and signs, so the purchase settles. */
export const investAndSettle = async (app: FastifyInstance, investor: Investor, euros: number) => {
  const assetId = await createPrimaryAsset(app.db, { availableShares: 1_000, pricePerShareCents: EUR(100) });
  const init = await app.inject({
    method: 'POST',
    url: `/api/v1/assets/initInvestment/${assetId}`,
    headers: investor.headers,
    payload: { shares: euros / 100, acknowledgedAppropriateness: true },
  });
  expect(init.statusCode, init.body).toBe(200);
  expect((await answerInApp(app, investor, init.json().data.signingRequestId)).statusCode).toBe(200);
};

/** `GET /api/v1/bonus/allOpenBonuses` as the investor sees it. */
export const openBonusesOf = async (app: FastifyInstance, investor: { headers: Record<string, string> }) =>
  (await app.inject({ url: '/api/v1/bonus/allOpenBonuses', headers: investor.headers })).json().data as {
    id: string;
    kind: string;
    state: string;
    amount: string;
    action?: string | null;
    progress: { current: string; target: string } | null;
  }[];
