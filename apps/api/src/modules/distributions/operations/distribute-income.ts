import type { DistributionRunView, RecordIncomeBody } from '@bw/contracts';
import type { Actor } from '../../backoffice/audit.js';
import type { DistributionDeps } from './distribution-deps.js';
import { confirmIncome, recordIncome } from './record-income.js';
import { runDistribution } from './run-distribution.js';

/**
 * Records the income of a period, has it confirmed as the payment provider's `income.received`
 * event confirms it (issue 34), and distributes it: the operator's two steps with the provider's
 * confirmation between them (issue 22), for tests that need a distribution. Each step is the
 * operation the back office and the webhook call, so the history agrees with the ledger. Holdings count as they stood at the
 * record date, so a period only pays holders whose shares were booked before its end: a seed that
 * wants a past period paid must have booked those holdings first.
 */
export const distributeIncome = async (
  deps: DistributionDeps,
  actor: Actor,
  assetId: string,
  input: { periodKey: string; income: RecordIncomeBody; recordDate?: string },
  now: Date = new Date(),
): Promise<DistributionRunView> => {
  const income = await recordIncome(deps, actor, assetId, input.income, now);
  await deps.db.transaction((tx) =>
    confirmIncome(
      tx,
      { transferId: `trf_${income.id}`, reference: income.id, amountCents: BigInt(income.amount) },
      now,
    ),
  );
  return runDistribution(deps, actor, assetId, { periodKey: input.periodKey, recordDate: input.recordDate }, now);
};
