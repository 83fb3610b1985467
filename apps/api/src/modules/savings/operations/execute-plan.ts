import type { Db, savingsPlanExecutions } from '@bw/db';
import { splitSavingsAmount } from '@bw/domain';
import type { Outbox } from '../../../jobs/outbox.js';
import { transactionThen } from '../../../lib/after-commit.js';
import { AppError } from '../../../lib/app-error.js';
import { withDeadlockRetry } from '../../../lib/deadlock-retry.js';
import type { SettlementRegistry } from '../../../platform/settlements.js';
import { savingsExecutedNotification } from '../../notifications/notification-texts.js';
import { notifyUser } from '../../notifications/notify-user.js';
import {
  type Bought,
  buyUnderStandingOrder,
  type StandingOrderRefusals,
} from '../../reinvestment/operations/buy-under-mandate.js';
import { reasonText } from '../../reinvestment/reinvestment.repo.js';
import { allocationsOf, claimRun, finishRun, lockPlan, type PlanRow, recordExecutions } from '../savings.repo.js';

const REFUSALS: StandingOrderRefusals = {
  nothingOffered: 'SAVINGS_PLAN_NOTHING_OFFERED',
  tooSmall: 'SAVINGS_PLAN_BUDGET_TOO_SMALL',
  priceDeviation: 'SAVINGS_PLAN_PRICE_DEVIATION',
};

type Execution = typeof savingsPlanExecutions.$inferInsert & { assetTitle: string };

export type ExecutionOutcome = 'bought' | 'partly' | 'skipped' | 'done-before' | 'not-active';

const orderOf = (plan: PlanRow, assetId: string) => ({
  userId: plan.userId,
  assetId,
  maxPricePerShareCents: null,
  acknowledgedAppropriateness: plan.acknowledgedAppropriateness,
  acceptedWarnings: plan.accepted5kLimit ? (['Accepted5KLimit'] as const) : ([] as const),
  signingRequestId: plan.signingRequestId,
});

/**
 * Executes one month of a savings plan (issue 40, ADR 0045): the amount split over the plan's
 * assets, each budget buying whole shares through the investor's own operations under the signed
 * plan (`buyUnderStandingOrder`: the trade rules of every buy, fees, postings). A refusal on one
 * asset rolls back that asset's savepoint only and is recorded with its reason; the rest stays on
 * the payment account. Once per plan and month (`savings_plan_runs`); one inbox entry says what
 * happened.
 */
export const executeSavingsPlan = (
  db: Db,
  outbox: Outbox,
  settlements: SettlementRegistry,
  input: { planId: string; month: string },
  now: Date = new Date(),
): Promise<ExecutionOutcome> =>
  withDeadlockRetry(() =>
    transactionThen(db, async (tx) => {
      const plan = await lockPlan(tx, input.planId);
      // Paused, ended or replaced between the daily job and this delivery: nothing to do.
      if (plan?.status !== 'active') return 'not-active';
      if (!(await claimRun(tx, { ...input, userId: plan.userId, amountCents: plan.amountCents, now })))
        return 'done-before';
      const allocations = (await allocationsOf(tx, [plan.id])).get(plan.id) ?? [];
      const titles = new Map(allocations.map((one) => [one.assetId, one.assetTitle]));
      const executions: Execution[] = [];
      for (const { assetId, budgetCents } of splitSavingsAmount(plan.amountCents, allocations)) {
        let outcome: { bought: Bought } | { reason: string };
        try {
          outcome = {
            bought: await tx.transaction((savepoint) =>
              buyUnderStandingOrder(savepoint, outbox, settlements, orderOf(plan, assetId), REFUSALS, budgetCents, now),
            ),
          };
        } catch (error) {
          if (!(error instanceof AppError)) throw error;
          outcome = { reason: error.code };
        }
        executions.push({
          planId: plan.id,
          month: input.month,
          assetId,
          assetTitle: titles.get(assetId) ?? assetId,
          budgetCents,
          ...('bought' in outcome
            ? { outcome: 'bought', shares: outcome.bought.shares, spentCents: outcome.bought.spentCents, reason: null }
            : { outcome: 'skipped', shares: 0, spentCents: 0n, reason: outcome.reason }),
        });
      }
      await recordExecutions(
        tx,
        executions.map(({ assetTitle: _title, ...row }) => row),
      );
      const spent = executions.reduce((sum, one) => sum + (one.spentCents ?? 0n), 0n);
      await finishRun(tx, plan.id, input.month, spent);
      await notifyUser(
        tx,
        outbox,
        savingsExecutedNotification({
          userId: plan.userId,
          planId: plan.id,
          month: input.month,
          lines: executions.map((one) => ({
            assetTitle: one.assetTitle,
            outcome: one.outcome,
            shares: one.shares ?? 0,
            spentCents: one.spentCents ?? 0n,
            reasonText: reasonText(one.reason ?? null),
          })),
        }),
      );
      const bought = executions.filter((one) => one.outcome === 'bought').length;
      return bought === executions.length ? 'bought' : bought === 0 ? 'skipped' : 'partly';
    }),
  );
