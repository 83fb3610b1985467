import type { SavingsExecutionView, SavingsPlanView } from '@bw/contracts';
import { assets, type Db, savingsPlanAssets, savingsPlanExecutions, savingsPlanRuns, savingsPlans } from '@bw/db';
import { nextExecutionDate, viennaDate } from '@bw/domain';
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import { reasonText } from '../reinvestment/reinvestment.repo.js';

export type PlanRow = typeof savingsPlans.$inferSelect;
export type AllocationRow = { assetId: string; assetTitle: string; percent: number };
export type PlanWithAllocations = PlanRow & { allocations: AllocationRow[] };

/** A plan of the investor, locked for the caller's transaction. */
export const lockPlan = async (tx: Db, planId: string, userId?: string): Promise<PlanRow | undefined> =>
  (
    await tx
      .select()
      .from(savingsPlans)
      .where(userId ? and(eq(savingsPlans.id, planId), eq(savingsPlans.userId, userId)) : eq(savingsPlans.id, planId))
      .for('update')
  )[0];

export const lockPlanBySigningRequest = async (tx: Db, requestId: string): Promise<PlanRow | undefined> =>
  (await tx.select().from(savingsPlans).where(eq(savingsPlans.signingRequestId, requestId)).for('update'))[0];

export const setPlanStatus = async (tx: Db, id: string, status: PlanRow['status'], now: Date): Promise<void> => {
  const ends = ['ended', 'replaced', 'rejected', 'expired'].includes(status);
  await tx
    .update(savingsPlans)
    .set(
      status === 'active'
        ? { status, activatedAt: sql`coalesce(${savingsPlans.activatedAt}, ${now})` }
        : ends
          ? { status, endedAt: now }
          : { status },
    )
    .where(eq(savingsPlans.id, id));
};

/** The split of plans in the plan's order, with the assets' titles. */
export const allocationsOf = async (tx: Db, planIds: string[]): Promise<Map<string, AllocationRow[]>> => {
  const byPlan = new Map<string, AllocationRow[]>();
  if (planIds.length === 0) return byPlan;
  const rows = await tx
    .select({
      planId: savingsPlanAssets.planId,
      assetId: savingsPlanAssets.assetId,
      assetTitle: assets.title,
      percent: savingsPlanAssets.percent,
    })
    .from(savingsPlanAssets)
    .innerJoin(assets, eq(assets.id, savingsPlanAssets.assetId))
    .where(inArray(savingsPlanAssets.planId, planIds))
    .orderBy(asc(savingsPlanAssets.planId), asc(savingsPlanAssets.position));
  for (const { planId, ...row } of rows) byPlan.set(planId, [...(byPlan.get(planId) ?? []), row]);
  return byPlan;
};

export const planWithAllocations = async (tx: Db, plan: PlanRow): Promise<PlanWithAllocations> => ({
  ...plan,
  allocations: (await allocationsOf(tx, [plan.id])).get(plan.id) ?? [],
});

/** The latest month a plan executed in (`YYYY-MM`), per plan. */
const lastMonths = async (tx: Db, planIds: string[]): Promise<Map<string, string>> => {
  if (planIds.length === 0) return new Map();
  const rows = await tx
    .select({ planId: savingsPlanRuns.planId, month: sql<string>`max(${savingsPlanRuns.month})` })
    .from(savingsPlanRuns)
    .where(inArray(savingsPlanRuns.planId, planIds))
    .groupBy(savingsPlanRuns.planId);
  return new Map(rows.map((row) => [row.planId, row.month]));
};

const iso = (value: Date | null): string | null => value?.toISOString() ?? null;

/** The investor's plans (open ones and those ended in the last year), newest first. */
export const listPlans = async (tx: Db, userId: string, now: Date): Promise<SavingsPlanView[]> => {
  const rows = await tx
    .select()
    .from(savingsPlans)
    .where(
      and(
        eq(savingsPlans.userId, userId),
        sql`(${savingsPlans.endedAt} IS NULL OR ${savingsPlans.endedAt} > now() - interval '1 year')`,
      ),
    )
    .orderBy(desc(savingsPlans.createdAt))
    .limit(100);
  const ids = rows.map((row) => row.id);
  const allocations = await allocationsOf(tx, ids);
  const last = await lastMonths(tx, ids);
  const today = viennaDate(now);
  return rows.map((plan) => ({
    id: plan.id,
    status: plan.status,
    amountCents: plan.amountCents.toString(),
    dayOfMonth: plan.dayOfMonth,
    allocations: allocations.get(plan.id) ?? [],
    acknowledgedAppropriateness: plan.acknowledgedAppropriateness,
    accepted5kLimit: plan.accepted5kLimit,
    signingRequestId: plan.signingRequestId,
    replacesPlanId: plan.replacesPlanId,
    nextExecution:
      plan.status === 'active'
        ? nextExecutionDate({ today, dayOfMonth: plan.dayOfMonth, lastExecutedMonth: last.get(plan.id) ?? null })
        : null,
    createdAt: plan.createdAt.toISOString(),
    activatedAt: iso(plan.activatedAt),
    endedAt: iso(plan.endedAt),
  }));
};

/** The last executions of the investor's plans, newest first. */
export const listExecutions = async (tx: Db, userId: string, limit = 60): Promise<SavingsExecutionView[]> =>
  (
    await tx
      .select({ execution: savingsPlanExecutions, assetTitle: assets.title, executedAt: savingsPlanRuns.createdAt })
      .from(savingsPlanExecutions)
      .innerJoin(
        savingsPlanRuns,
        and(
          eq(savingsPlanRuns.planId, savingsPlanExecutions.planId),
          eq(savingsPlanRuns.month, savingsPlanExecutions.month),
        ),
      )
      .innerJoin(assets, eq(assets.id, savingsPlanExecutions.assetId))
      .where(eq(savingsPlanRuns.userId, userId))
      .orderBy(desc(savingsPlanRuns.createdAt), asc(savingsPlanExecutions.assetId))
      .limit(limit)
  ).map(({ execution, assetTitle, executedAt }) => ({
    planId: execution.planId,
    month: execution.month,
    assetId: execution.assetId,
    assetTitle,
    outcome: execution.outcome,
    reason: execution.outcome === 'skipped' ? reasonText(execution.reason) : null,
    budgetCents: execution.budgetCents.toString(),
    shares: execution.shares,
    spentCents: execution.spentCents.toString(),
    executedAt: executedAt.toISOString(),
  }));

/**
 * Claims one month of a plan: the run row exists once per plan and month, so a second delivery of
 * the same execution (also a concurrent one, which waits for the first commit) gets false.
 */
export const claimRun = async (
  tx: Db,
  values: { planId: string; month: string; userId: string; amountCents: bigint; now: Date },
): Promise<boolean> => {
  const rows = await tx
    .insert(savingsPlanRuns)
    .values({
      planId: values.planId,
      month: values.month,
      userId: values.userId,
      amountCents: values.amountCents,
      createdAt: values.now,
    })
    .onConflictDoNothing()
    .returning({ planId: savingsPlanRuns.planId });
  return rows.length === 1;
};

export const recordExecutions = async (tx: Db, rows: (typeof savingsPlanExecutions.$inferInsert)[]): Promise<void> => {
  if (rows.length > 0) await tx.insert(savingsPlanExecutions).values(rows);
};

export const finishRun = async (tx: Db, planId: string, month: string, spentCents: bigint): Promise<void> => {
  await tx
    .update(savingsPlanRuns)
    .set({ spentCents })
    .where(and(eq(savingsPlanRuns.planId, planId), eq(savingsPlanRuns.month, month)));
};

/** Active plans executing on one of `days`, with the latest month they ran (the daily job's read). */
export const activePlansOnDays = async (
  tx: Db,
  days: number[],
  afterId: string | null,
  limit: number,
): Promise<(PlanRow & { lastMonth: string | null })[]> =>
  (
    await tx
      .select({
        plan: savingsPlans,
        lastMonth: sql<
          string | null
        >`(SELECT max(r.month) FROM savings_plan_runs r WHERE r.plan_id = ${savingsPlans.id})`,
      })
      .from(savingsPlans)
      .where(
        and(
          eq(savingsPlans.status, 'active'),
          inArray(savingsPlans.dayOfMonth, days),
          afterId ? sql`${savingsPlans.id} > ${afterId}` : undefined,
        ),
      )
      .orderBy(asc(savingsPlans.id))
      .limit(limit)
  ).map(({ plan, lastMonth }) => ({ ...plan, lastMonth }));
