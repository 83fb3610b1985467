import type { DistributionRunView } from '@bw/contracts';
import type { Db } from '@bw/db';
import { distributionRuns } from '@bw/db';
import {
  type DistributionFrequency,
  type DistributionPeriod,
  parsePeriodKey,
  periodFollowsFrequency,
  planDistribution,
} from '@bw/domain';
import type { Leg } from '../../../ledger/ledger.js';
import { postBulk } from '../../../ledger/ledger.js';
import { AppError } from '../../../lib/app-error.js';
import { type Actor, actorStaffId, writeAudit } from '../../../platform/audit.js';
import { REINVEST_TOPIC } from '../../reinvestment/reinvestment.jobs.js';
import { usersWithActiveMandate } from '../../reinvestment/reinvestment.repo.js';
import {
  findAssetForDistribution,
  findRun,
  holdingsAt,
  insertPaymentTransactions,
  investorTaxFacts,
  lockAssetDistributions,
  lockUndistributedIncomes,
  markIncomesDistributed,
} from '../distributions.repo.js';
import { DISTRIBUTION_PAID_TOPIC } from '../distributions.topics.js';
import type { DistributionDeps } from './distribution-deps.js';
import { toRunView } from './distributions-view.js';

export const actorName = (actor: Actor): string =>
  actorStaffId(actor) ?? `system:${actor.kind === 'system' ? actor.name : 'unknown'}`;

/**
 * The period and record date of a run of an asset, checked (issue 35): the period must be one of
 * the asset's frequency (a monthly asset refuses a quarterly run); the record date lies in the
 * period and not in the future (the period's end, or today while the period runs, by default).
 */
export const runPeriodOf = (
  frequency: DistributionFrequency,
  input: { periodKey: string; recordDate?: string | undefined },
  now: Date,
): { period: DistributionPeriod; recordDate: string } => {
  const period = parsePeriodKey(input.periodKey);
  if (!period) throw new AppError('DISTRIBUTION_PERIOD_INVALID');
  if (!periodFollowsFrequency(period, frequency)) throw new AppError('DISTRIBUTION_PERIOD_NOT_ASSET_FREQUENCY');
  const today = now.toISOString().slice(0, 10);
  const recordDate = input.recordDate ?? (period.end < today ? period.end : today);
  if (recordDate < period.start || recordDate > period.end || recordDate > today)
    throw new AppError('DISTRIBUTION_RECORD_DATE_INVALID');
  return { period, recordDate };
};

/**
 * Distributes an asset's recorded income of one period (issue 22, ADR 0025) inside the caller's
 * transaction: only the approval of a proposal calls it (issue 35, nothing pays without approval).
 * Holders from the ledger at the record date, pro rata by largest remainder, tax withheld by the
 * rule table (ADR 0030), one balanced posting `asset_income:<asset>` → holders' cash + tax
 * liability books + the issuer's part, one `rent` transaction per paid holder, one
 * `distributions.paid` outbox event per payment, one audit row. The income is what was recorded
 * for the period plus what was carried over from periods already paid. At most one run per asset
 * and period: a second call (also a concurrent one) answers the first run with `alreadyRun`.
 */
export const payDistribution = async (
  tx: Db,
  deps: Pick<DistributionDeps, 'outbox'>,
  actor: Actor,
  assetId: string,
  input: { periodKey: string; recordDate?: string | undefined },
  now: Date = new Date(),
): Promise<DistributionRunView> => {
  const asset = await findAssetForDistribution(tx, assetId);
  if (!asset) throw new AppError('ASSET_NOT_FOUND');
  const { period, recordDate } = runPeriodOf(asset.distributionFrequency, input, now);
  await lockAssetDistributions(tx, assetId);
  const earlier = await findRun(tx, assetId, period.key);
  if (earlier) return toRunView(earlier, true);

  const incomes = await lockUndistributedIncomes(tx, assetId, period.start, period.end);
  if (incomes.length === 0) throw new AppError('DISTRIBUTION_NO_INCOME');
  const incomeCents = incomes.reduce((sum, income) => sum + income.amountCents, 0n);
  const carriedIncomeCents = incomes
    .filter((income) => income.periodEnd < period.start)
    .reduce((sum, income) => sum + income.amountCents, 0n);
  const holdings = await holdingsAt(tx, assetId, recordDate);
  if (holdings.length === 0) throw new AppError('DISTRIBUTION_NO_SHARES');
  const facts = await investorTaxFacts(
    tx,
    holdings.map((h) => h.userId),
  );
  const plan = planDistribution({
    incomeCents,
    totalShares: BigInt(asset.totalShares),
    holdings,
    securityType: asset.securityType,
    issuerCountry: asset.spvCountryCode,
    taxFactsOf: (userId) => facts.get(userId),
  });

  const legs: Leg[] = [{ account: { kind: 'asset_income', assetId }, amount: -incomeCents }];
  for (const payment of plan.payments)
    legs.push({ account: { kind: 'user_cash', userId: payment.userId }, amount: payment.netCents });
  for (const [taxType, amount] of plan.taxByType)
    if (amount > 0n) legs.push({ account: { kind: 'tax_liability', taxType }, amount });
  if (plan.issuerCents > 0n) legs.push({ account: { kind: 'issuer_cash', assetId }, amount: plan.issuerCents });
  const { postingId } = await postBulk(tx, {
    key: `distribution:${assetId}:${period.key}`,
    kind: 'distribution',
    legs,
  });

  const [run] = await tx
    .insert(distributionRuns)
    .values({
      assetId,
      periodKey: period.key,
      periodStart: period.start,
      periodEnd: period.end,
      recordDate,
      incomeCents,
      carriedIncomeCents,
      investorsGrossCents: plan.investorsGrossCents,
      taxCents: plan.taxCents,
      issuerCents: plan.issuerCents,
      holders: plan.payments.length,
      postingId,
      createdBy: actorName(actor),
    })
    .returning();
  if (!run) throw new Error('the run row was not written');
  const transactionIds = await insertPaymentTransactions(tx, {
    runId: run.id,
    assetId,
    fiscalPeriod: period.key,
    payments: plan.payments,
  });
  await markIncomesDistributed(
    tx,
    incomes.map((income) => income.id),
    run.id,
  );
  await deps.outbox.enqueueMany(
    tx,
    DISTRIBUTION_PAID_TOPIC,
    plan.payments.map((payment) => {
      const transactionId = transactionIds.get(payment.userId);
      if (!transactionId) throw new Error(`no transaction for ${payment.userId}`);
      return {
        key: `distribution-paid:${transactionId}`,
        payload: {
          userId: payment.userId,
          assetId,
          transactionId,
          netCents: payment.netCents.toString(),
          grossCents: payment.grossCents.toString(),
        },
      };
    }),
  );
  // Payments to investors with an active reinvestment mandate buy shares after the commit (ADR 0034).
  const reinvesting = await usersWithActiveMandate(
    tx,
    assetId,
    plan.payments.map((payment) => payment.userId),
  );
  const reinvestments = plan.payments
    .filter((payment) => reinvesting.has(payment.userId) && payment.netCents > 0n)
    .map((payment) => {
      const transactionId = transactionIds.get(payment.userId) ?? '';
      return {
        key: `reinvest:${transactionId}`,
        payload: { userId: payment.userId, assetId, transactionId, netCents: payment.netCents.toString() },
      };
    });
  if (reinvestments.length > 0) await deps.outbox.enqueueMany(tx, REINVEST_TOPIC, reinvestments);
  await writeAudit(tx, actor, {
    action: 'distributions.run',
    targetType: 'asset',
    targetId: assetId,
    after: toRunView(run, false),
  });
  return toRunView(run, false);
};
