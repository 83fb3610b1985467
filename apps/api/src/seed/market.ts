import { assetIncome, distributionRuns, transactions } from '@bw/db';
import { type DistributionFrequency, type DistributionPeriod, periodContaining } from '@bw/domain';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { holdingsAt } from '../modules/distributions/distributions.repo.js';
import { distributeIncome } from '../modules/distributions/operations/distribute-income.js';
import { recordIncome } from '../modules/distributions/operations/record-income.js';
import { systemActor } from '../platform/audit.js';
import { type SeededInvestor, sendPspWebhook, signPending } from './investors.js';
import { demoIncomes, demoTrade } from './investors-content.js';

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

const DAY_MS = 24 * 60 * 60 * 1000;
const dayBefore = (date: string): string =>
  new Date(Date.parse(`${date}T00:00:00.000Z`) - DAY_MS).toISOString().slice(0, 10);

/** The last `count` periods of a frequency up to the one running on `today`, oldest first. */
const lastPeriods = (frequency: DistributionFrequency, today: string, count: number): DistributionPeriod[] => {
  const periods = [periodContaining(frequency, today)];
  while (periods.length < count) {
    const earliest = periods[0];
    if (!earliest) break;
    periods.unshift(periodContaining(frequency, dayBefore(earliest.start)));
  }
  return periods;
};

/**
 * The demo's distribution history (issue 22): for each demo income (investors-content.ts) the
 * engine runs over the asset's last periods, oldest first, each through the back office's
 * operations (record the income, propose the run, approve it with a second actor), audited as the seed, so every payment,
 * tax line and statement agrees with the ledger. The engine pays the holders at each period's
 * record date from the ledger: a period that ended before the demo investors' purchases were
 * booked has no holders and is left out (the engine would refuse it), so a fresh installation
 * shows the running period, and an installation that keeps running fills its history on each
 * start up to the configured number of periods. A period already run, or whose income is already
 * recorded, is not recorded twice (a restart after a crash only finishes the run).
 */
export const seedDistribution = async (app: FastifyInstance, now: Date = new Date()): Promise<void> => {
  const today = now.toISOString().slice(0, 10);
  const deps = { db: app.db, outbox: app.outbox };
  // Four eyes as in the back office (issue 35): one system actor records and proposes, another approves.
  const actors = { author: systemActor('seed'), approver: systemActor('seed-approver') };
  for (const income of demoIncomes) {
    for (const period of lastPeriods(income.frequency, today, income.periods)) {
      const [run] = await app.db
        .select({ id: distributionRuns.id })
        .from(distributionRuns)
        .where(and(eq(distributionRuns.assetId, income.assetId), eq(distributionRuns.periodKey, period.key)));
      if (run) continue;
      const recordDate = period.end < today ? period.end : today;
      if ((await holdingsAt(app.db, income.assetId, recordDate)).length === 0) continue;
      const [recorded] = await app.db
        .select({ id: assetIncome.id })
        .from(assetIncome)
        .where(
          and(
            eq(assetIncome.assetId, income.assetId),
            eq(assetIncome.periodStart, period.start),
            eq(assetIncome.periodEnd, period.end),
          ),
        );
      const incomeId =
        recorded?.id ??
        (
          await recordIncome(
            deps,
            actors.author,
            income.assetId,
            {
              kind: income.kind,
              amount: income.cents.toString(),
              periodStart: period.start,
              periodEnd: period.end,
              receivedOn: recordDate,
              note: income.note,
            },
            now,
          )
        ).id;
      // The tenant's (or the grid operator's) transfer arrives as the provider confirms it: a signed
      // webhook quoting the income (issue 34). Applied once however often the seed restarts.
      await sendPspWebhook(app, {
        eventId: `evt_seed_income_${incomeId}`,
        type: 'income.received',
        transferId: `trf_seed_income_${incomeId}`,
        amount: income.cents.toString(),
        senderName: income.payer,
        reference: incomeId,
      });
      // Proposed and approved with four eyes, as in the back office (issue 35).
      await distributeIncome(deps, actors, income.assetId, { periodKey: period.key, recordDate }, now);
      app.log.info({ assetId: income.assetId, period: period.key }, 'seed: distribution done');
    }
  }
  await app.outboxRelay.drain();
};
