import { distributionRuns, transactions } from '@bw/db';
import { periodContaining } from '@bw/domain';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { systemActor } from '../modules/backoffice/audit.js';
import { distributeIncome } from '../modules/distributions/operations/distribute-income.js';
import { type SeededInvestor, signPending } from './investors.js';
import { demoIncome, demoTrade } from './investors-content.js';

/**
 * Ben sells Anna shares of the traded apartment house on the bulletin board: his sell offer and
 * her purchase through the bulletin board's calls, each signed in the security app. Done once:
 * a sell in Ben's history means the trade happened.
 */
export const seedTrade = async (app: FastifyInstance, seller: SeededInvestor, buyer: SeededInvestor): Promise<void> => {
  const [sold] = await app.db
    .select({ id: transactions.id })
    .from(transactions)
    .where(
      and(
        eq(transactions.userId, seller.userId),
        eq(transactions.assetId, demoTrade.assetId),
        eq(transactions.type, 'sell'),
      ),
    );
  if (sold) return;
  const [sellerClient, buyerClient] = [await seller.client(), await buyer.client()];
  const { offerId } = await sellerClient.data<{ offerId: string }>('POST', '/api/v1/bulletinboard/offer', {
    assetId: demoTrade.assetId,
    type: 'sell',
    sharesAmount: demoTrade.shares,
    price: demoTrade.priceCents.toString(),
  });
  await signPending(sellerClient, seller.key);
  await buyerClient.data('POST', '/api/v1/bulletinboard/offer/interestedParty', {
    offerId,
    shares: demoTrade.shares,
    acknowledgedAppropriateness: true,
  });
  await signPending(buyerClient, buyer.key);
  await signPending(sellerClient, seller.key);
  await app.outboxRelay.drain();
  app.log.info({ assetId: demoTrade.assetId, shares: demoTrade.shares }, 'seed: bulletin-board trade done');
};

/**
 * This period's income of a demo asset, recorded and distributed to its holders by the back
 * office's operations (distributeIncome), audited as the seed. Once per installation.
 */
export const seedDistribution = async (app: FastifyInstance, now: Date = new Date()): Promise<void> => {
  const [run] = await app.db
    .select({ id: distributionRuns.id })
    .from(distributionRuns)
    .where(eq(distributionRuns.assetId, demoIncome.assetId));
  if (run) return;
  const period = periodContaining(demoIncome.frequency, now.toISOString().slice(0, 10));
  await distributeIncome({ db: app.db, outbox: app.outbox }, systemActor('seed'), demoIncome.assetId, {
    periodKey: period.key,
    income: {
      kind: 'electricity',
      amount: demoIncome.cents.toString(),
      periodStart: period.start,
      periodEnd: period.end,
      receivedOn: now.toISOString().slice(0, 10),
      note: 'Stromerlöse (Demo)',
    },
  });
  await app.outboxRelay.drain();
  app.log.info({ assetId: demoIncome.assetId, period: period.key }, 'seed: distribution done');
};
