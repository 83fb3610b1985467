import type { SavingsOverview, SavingsPlanBody, SavingsPlanView } from '@bw/contracts';
import { assets, type Db, savingsPlanAssets, savingsPlanRuns, savingsPlans } from '@bw/db';
import { FIVE_K_LIMIT_CENTS, formatSigningCents, SIGNING_DETAIL_MAX_LENGTH, savingsPlanProblem } from '@bw/domain';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Outbox } from '../../../jobs/outbox.js';
import { enqueueRealtimeUpdates } from '../../../jobs/realtime-jobs.js';
import { AppError } from '../../../lib/app-error.js';
import type { SettlementRegistry } from '../../../platform/settlements.js';
import { appropriatenessOfRow } from '../../onboarding/knowledge-and-experience/appropriateness.js';
import { findKaeRow } from '../../onboarding/knowledge-and-experience/knowledge-and-experience.repo.js';
import {
  createSigningRequest,
  type SigningOutcome,
  withdrawSigningRequest,
} from '../../security-app/signing-requests.js';
import {
  listExecutions,
  listPlans,
  lockPlan,
  lockPlanBySigningRequest,
  type PlanRow,
  setPlanStatus,
} from '../savings.repo.js';
import {
  moveStandingOrder,
  resolveStandingOrder,
  type StandingOrderMove,
  type StandingOrderStore,
} from '../standing-orders.js';

/** The investor has this long to sign the plan in the security app. */
export const SAVINGS_PLAN_SIGNING_SECONDS = 15 * 60;

const PLANNABLE_STAGES = new Set(['primary', 'secondary']);

type PlanInput = SavingsPlanBody & { userId: string; now: Date };

const realtime = (outbox: Outbox, tx: Db, userId: string) =>
  enqueueRealtimeUpdates(outbox, tx, { userIds: [userId], assetIds: [], reason: 'savingsPlan' });

/** The split as the signed text states it: "60 % Loft in der Altstadt, 40 % …" (ids when titles are too long). */
const splitText = (allocations: { percent: number; title: string; id: string }[]): string => {
  const withTitles = allocations.map((one) => `${one.percent} % ${one.title}`).join(', ');
  return withTitles.length <= SIGNING_DETAIL_MAX_LENGTH
    ? withTitles
    : allocations.map((one) => `${one.percent} % ${one.id}`).join(', ');
};

/**
 * Checks a plan as stated (domain rules, assets, appropriateness and the 5,000 € confirmation once
 * for the standing order, as a purchase asks them) and writes it pending with its signing request
 * of kind `savingsPlan`, which states the whole standing order.
 */
const insertPendingPlan = async (
  tx: Db,
  outbox: Outbox,
  input: PlanInput,
  replaces: PlanRow | null,
  carriedMonth: string | null,
): Promise<string> => {
  const amountCents = BigInt(input.amount);
  const problem = savingsPlanProblem({ amountCents, dayOfMonth: input.dayOfMonth, allocations: input.allocations });
  if (problem) throw new AppError(problem);
  const ids = input.allocations.map((one) => one.assetId);
  const rows = await tx
    .select({ id: assets.id, title: assets.title, stage: assets.stage, securityType: assets.securityType })
    .from(assets)
    .where(inArray(assets.id, ids));
  const byId = new Map(rows.map((row) => [row.id, row]));
  const kae = await findKaeRow(tx, input.userId);
  const acknowledged = input.acknowledgedAppropriateness === true;
  for (const id of ids) {
    const asset = byId.get(id);
    if (!asset || !PLANNABLE_STAGES.has(asset.stage))
      throw new AppError('SAVINGS_PLAN_ASSET_NOT_AVAILABLE', { assetId: id });
    const rating = appropriatenessOfRow(kae, asset.securityType);
    if (rating !== 'Appropriate' && !acknowledged)
      throw new AppError('INVESTMENT_APPROPRIATENESS_CONFIRMATION_REQUIRED', { rating });
  }
  const accepted5k = input.accepted5kLimit === true;
  if (amountCents > FIVE_K_LIMIT_CENTS && !accepted5k) throw new AppError('INVESTMENT_5K_CONFIRMATION_REQUIRED');
  const amount = formatSigningCents(amountCents.toString());
  const request = await createSigningRequest(tx, {
    userId: input.userId,
    kind: 'savingsPlan',
    expiresInSeconds: SAVINGS_PLAN_SIGNING_SECONDS,
    now: input.now,
    payload: {
      assetName: splitText(
        input.allocations.map((one) => ({
          ...one,
          id: one.assetId,
          title: byId.get(one.assetId)?.title ?? one.assetId,
        })),
      ),
      amountCents: amountCents.toString(),
      description: `${replaces ? 'Geänderter ' : ''}Dauerauftrag bis auf Widerruf: monatlich am ${input.dayOfMonth}. ${amount} vom Zahlungskonto in ganze Anteile investieren${accepted5k ? ', Käufe über 5.000 € bestätigt' : ''}`,
    },
  });
  const [plan] = await tx
    .insert(savingsPlans)
    .values({
      userId: input.userId,
      amountCents,
      dayOfMonth: input.dayOfMonth,
      acknowledgedAppropriateness: acknowledged,
      accepted5kLimit: accepted5k,
      signingRequestId: request.id,
      replacesPlanId: replaces?.id ?? null,
      carriedMonth,
      createdAt: input.now,
    })
    .returning({ id: savingsPlans.id });
  if (!plan) throw new Error('the plan was not written');
  await tx.insert(savingsPlanAssets).values(
    input.allocations.map((one, position) => ({
      planId: plan.id,
      assetId: one.assetId,
      percent: one.percent,
      position,
    })),
  );
  await realtime(outbox, tx, input.userId);
  return plan.id;
};

const viewOf = async (db: Db, userId: string, planId: string, now: Date): Promise<SavingsPlanView> => {
  const plan = (await listPlans(db, userId, now)).find((one) => one.id === planId);
  if (!plan) throw new Error('the plan was not found after writing it');
  return plan;
};

/** Sets a savings plan up: pending until the investor signs it in the security app (ADR 0045). */
export const createSavingsPlan = async (db: Db, outbox: Outbox, input: PlanInput): Promise<SavingsPlanView> => {
  const id = await db.transaction((tx) => insertPendingPlan(tx, outbox, input, null, null));
  return viewOf(db, input.userId, id, input.now);
};

/** The latest month a plan executed in, or null. */
const lastRunMonth = async (tx: Db, planId: string): Promise<string | null> =>
  (
    await tx
      .select({ month: sql<string | null>`max(${savingsPlanRuns.month})` })
      .from(savingsPlanRuns)
      .where(eq(savingsPlanRuns.planId, planId))
  )[0]?.month ?? null;

/**
 * Changes a plan: a new plan, pending until signed, that replaces the old one when its signature
 * arrives (the old one executes until then). A month the old plan already executed is carried
 * over, so a change never spends a month twice. An earlier unsigned change is withdrawn.
 */
export const changeSavingsPlan = async (
  db: Db,
  outbox: Outbox,
  settlements: SettlementRegistry,
  input: PlanInput & { planId: string },
): Promise<SavingsPlanView> => {
  const id = await db.transaction(async (tx) => {
    const plan = await lockPlan(tx, input.planId, input.userId);
    if (!plan) throw new AppError('SAVINGS_PLAN_NOT_FOUND');
    if (plan.status !== 'active' && plan.status !== 'paused') throw new AppError('SAVINGS_PLAN_NOT_CHANGEABLE');
    const earlier = await tx
      .select({ id: savingsPlans.id, signingRequestId: savingsPlans.signingRequestId })
      .from(savingsPlans)
      .where(and(eq(savingsPlans.replacesPlanId, plan.id), eq(savingsPlans.status, 'pending')));
    for (const change of earlier) {
      await setPlanStatus(tx, change.id, 'rejected', input.now);
      await withdrawSigningRequest(tx, settlements, {
        userId: input.userId,
        requestId: change.signingRequestId,
        now: input.now,
      });
    }
    const carried = [await lastRunMonth(tx, plan.id), plan.carriedMonth]
      .filter((m): m is string => !!m)
      .sort()
      .at(-1);
    return insertPendingPlan(tx, outbox, input, plan, carried ?? null);
  });
  return viewOf(db, input.userId, id, input.now);
};

/** Where plans are kept, for the lifecycle every standing order shares. */
const PLANS: StandingOrderStore<PlanRow> = {
  lock: lockPlan,
  lockBySigningRequest: lockPlanBySigningRequest,
  setStatus: setPlanStatus,
  notFound: 'SAVINGS_PLAN_NOT_FOUND',
  notChangeable: 'SAVINGS_PLAN_NOT_CHANGEABLE',
};

/** Pauses, resumes or ends a plan at once (`moveStandingOrder`); executions done stay as they are. */
export const moveSavingsPlan = async (
  db: Db,
  outbox: Outbox,
  settlements: SettlementRegistry,
  input: { userId: string; planId: string; move: StandingOrderMove; now: Date },
): Promise<SavingsPlanView> => {
  await db.transaction(async (tx) => {
    await moveStandingOrder(tx, settlements, PLANS, { ...input, id: input.planId });
    await realtime(outbox, tx, input.userId);
  });
  return viewOf(db, input.userId, input.planId, input.now);
};

/** A signed change replaces the plan it names; the month that plan executed meanwhile is carried over as well. */
const replaceChangedPlan = async (tx: Db, plan: PlanRow, now: Date): Promise<void> => {
  if (!plan.replacesPlanId) return;
  const old = await lockPlan(tx, plan.replacesPlanId);
  if (!old || (old.status !== 'active' && old.status !== 'paused')) return;
  const carried = [await lastRunMonth(tx, old.id), plan.carriedMonth]
    .filter((m): m is string => !!m)
    .sort()
    .at(-1);
  if (carried) await tx.update(savingsPlans).set({ carriedMonth: carried }).where(eq(savingsPlans.id, plan.id));
  await setPlanStatus(tx, old.id, 'replaced', now);
};

/**
 * The `savingsPlan` signing hook: signed → active (and the plan it changes → replaced), refused
 * or lapsed → ended that way. Runs in the outcome's transaction.
 */
export const onSavingsPlanSigningOutcome =
  (outbox: Outbox) =>
  async (tx: Db, outcome: SigningOutcome): Promise<void> => {
    const userId = await resolveStandingOrder(tx, PLANS, outcome, replaceChangedPlan);
    if (userId) await realtime(outbox, tx, userId);
  };

export const savingsOverview = async (db: Db, userId: string, now: Date): Promise<SavingsOverview> => ({
  plans: await listPlans(db, userId, now),
  executions: await listExecutions(db, userId),
});
