import type { DistributionRunView, RecordIncomeBody } from '@bw/contracts';
import type { Actor } from '../../../platform/audit.js';
import type { DistributionDeps } from './distribution-deps.js';
import { approveDistributionProposal, proposeDistribution } from './distribution-proposals.js';
import { confirmIncome, recordIncome } from './record-income.js';

/**
 * Records the income of a period, has it confirmed as the payment provider's `income.received`
 * event confirms it (issue 34), proposes its run and approves it, as two operators do in the back
 * office (issues 22 and 35): the entry point for the demo seed and for tests that need a
 * distribution. Each step is the operation the back office and the webhook call, with four eyes
 * (`author` records and proposes, `approver` approves and so pays), so the seeded history agrees
 * with the ledger and the audit log. Holdings count as they stood at the record date, so a period
 * only pays holders whose shares were booked before its end.
 */
export const distributeIncome = async (
  deps: DistributionDeps,
  actors: { author: Actor; approver: Actor },
  assetId: string,
  input: { periodKey: string; income?: RecordIncomeBody; recordDate?: string },
  now: Date = new Date(),
): Promise<DistributionRunView> => {
  if (input.income) {
    const income = await recordIncome(deps, actors.author, assetId, input.income, now);
    await deps.db.transaction((tx) =>
      confirmIncome(
        tx,
        { transferId: `trf_${income.id}`, reference: income.id, amountCents: BigInt(income.amount) },
        now,
      ),
    );
  }
  const proposal = await proposeDistribution(
    deps,
    actors.author,
    assetId,
    { periodKey: input.periodKey, recordDate: input.recordDate },
    now,
  );
  const approved =
    proposal.status === 'submitted'
      ? await approveDistributionProposal(deps, actors.approver, assetId, proposal.id, now)
      : proposal;
  if (!approved.run) throw new Error(`proposal ${approved.id} is ${approved.status}`);
  return approved.run;
};
