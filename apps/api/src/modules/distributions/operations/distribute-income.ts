import type { DistributionRunView, RecordIncomeBody } from '@bw/contracts';
import type { Actor } from '../../backoffice/audit.js';
import type { DistributionDeps } from './distribution-deps.js';
import { recordIncome } from './record-income.js';
import { runDistribution } from './run-distribution.js';

/**
 * Records the income of a period and distributes it, as an operator does in two steps (issue 22):
 * the entry point for the demo seed (issue 17's seed module). Each step is the operation the back
 * office calls, so the seeded history agrees with the ledger. Holdings count as they stood at the
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
  await recordIncome(deps, actor, assetId, input.income, now);
  return runDistribution(deps, actor, assetId, { periodKey: input.periodKey, recordDate: input.recordDate }, now);
};
