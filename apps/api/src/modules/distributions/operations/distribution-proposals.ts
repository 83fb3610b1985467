import type { DistributionProposalView } from '@bw/contracts';
import { assets, type Db, distributionProposals } from '@bw/db';
import { lastEndedPeriod } from '@bw/domain';
import { and, eq, inArray } from 'drizzle-orm';
import { AppError } from '../../../lib/app-error.js';
import { type Actor, systemActor, writeAudit } from '../../../platform/audit.js';
import {
  findAssetForDistribution,
  findLiveProposal,
  findRun,
  lockProposal,
  type ProposalRow,
  payableIncomeSums,
} from '../distributions.repo.js';
import type { DistributionDeps } from './distribution-deps.js';
import { toProposalView } from './distributions-view.js';
import { actorName, payDistribution, runPeriodOf } from './run-distribution.js';

/**
 * Distribution runs with four eyes (issue 35, ADR 0025 addendum): a run is proposed (by the
 * scheduler after the period ends, or by an operator), submitted by one person and approved by a
 * second one; only the approval pays, in the same transaction. Whoever submitted may not approve.
 */

export const DISTRIBUTION_SCHEDULER = systemActor('distribution-scheduler');

const update = async (tx: Db, id: string, values: Partial<typeof distributionProposals.$inferInsert>) => {
  const [row] = await tx.update(distributionProposals).set(values).where(eq(distributionProposals.id, id)).returning();
  if (!row) throw new Error('the proposal row was not written');
  return row;
};

const audit = (tx: Db, actor: Actor, action: string, row: ProposalRow, before?: ProposalRow) =>
  writeAudit(tx, actor, {
    action: `distributions.proposal.${action}`,
    targetType: 'distribution_proposal',
    targetId: row.id,
    ...(before ? { before: { status: before.status } } : {}),
    after: { assetId: row.assetId, periodKey: row.periodKey, status: row.status, recordDate: row.recordDate },
  });

/**
 * Proposes a run of (asset, period). By the scheduler it waits for an operator (`proposed`); by an
 * operator it counts as that person's submission (`submitted`). An open proposal of the period is
 * answered (an operator's call submits the scheduler's one); a period already paid is refused by its
 * run's existence. Refuses a period of another frequency than the asset's and a period without
 * income to pay.
 */
export const proposeDistribution = async (
  deps: Pick<DistributionDeps, 'db'>,
  actor: Actor,
  assetId: string,
  input: { periodKey: string; recordDate?: string | undefined },
  now: Date = new Date(),
): Promise<DistributionProposalView> => {
  const submits = actor !== DISTRIBUTION_SCHEDULER;
  const row = await deps.db.transaction(async (tx) => {
    const asset = await findAssetForDistribution(tx, assetId);
    if (!asset) throw new AppError('ASSET_NOT_FOUND');
    const { period, recordDate } = runPeriodOf(asset.distributionFrequency, input, now);
    const live = await findLiveProposal(tx, assetId, period.key);
    if (live) {
      if (live.status !== 'proposed' || !submits) return live;
      const submitted = await update(tx, live.id, {
        status: 'submitted',
        submittedBy: actorName(actor),
        submittedAt: now,
      });
      await audit(tx, actor, 'submit', submitted, live);
      return submitted;
    }
    if (await findRun(tx, assetId, period.key)) throw new AppError('DISTRIBUTION_PROPOSAL_CLOSED');
    const sums = await payableIncomeSums(tx, assetId, period.start, period.end);
    if (sums.incomeCents === 0n) throw new AppError('DISTRIBUTION_NO_INCOME');
    const [created] = await tx
      .insert(distributionProposals)
      .values({
        assetId,
        periodKey: period.key,
        periodStart: period.start,
        periodEnd: period.end,
        recordDate,
        status: submits ? 'submitted' : 'proposed',
        proposedBy: actorName(actor),
        proposedAt: now,
        ...(submits ? { submittedBy: actorName(actor), submittedAt: now } : {}),
      })
      .returning();
    if (!created) throw new Error('the proposal row was not written');
    await audit(tx, actor, 'propose', created);
    return created;
  });
  return toProposalView(deps.db, row);
};

/**
 * One step on an open proposal, under its row lock, with its audit row: the proposal must be in one
 * of `from`; `values` come from the locked row (the approval runs the distribution there).
 */
const step = async (
  deps: Pick<DistributionDeps, 'db'>,
  actor: Actor,
  target: { assetId: string; proposalId: string },
  action: 'submit' | 'approve' | 'decline',
  from: readonly ProposalRow['status'][],
  values: (tx: Db, proposal: ProposalRow) => Promise<Partial<typeof distributionProposals.$inferInsert>>,
): Promise<DistributionProposalView> => {
  const row = await deps.db.transaction(async (tx) => {
    const proposal = await lockProposal(tx, target.assetId, target.proposalId);
    if (!proposal) throw new AppError('DISTRIBUTION_PROPOSAL_NOT_FOUND');
    if (!from.includes(proposal.status)) throw new AppError('DISTRIBUTION_PROPOSAL_CLOSED');
    const changed = await update(tx, proposal.id, await values(tx, proposal));
    await audit(tx, actor, action, changed, proposal);
    return changed;
  });
  return toProposalView(deps.db, row);
};

/** An operator checks a scheduled proposal and puts it forward for the second person's approval. */
export const submitDistributionProposal = (
  deps: Pick<DistributionDeps, 'db'>,
  actor: Actor,
  assetId: string,
  proposalId: string,
  now: Date = new Date(),
): Promise<DistributionProposalView> =>
  step(deps, actor, { assetId, proposalId }, 'submit', ['proposed'], async () => ({
    status: 'submitted',
    submittedBy: actorName(actor),
    submittedAt: now,
  }));

/**
 * The second person approves a submitted proposal: the distribution runs in the same transaction
 * (holdings at the proposal's record date) and the proposal points at its run. The submitter, and
 * the scheduler, may not approve.
 */
export const approveDistributionProposal = (
  deps: DistributionDeps,
  actor: Actor,
  assetId: string,
  proposalId: string,
  now: Date = new Date(),
): Promise<DistributionProposalView> =>
  step(deps, actor, { assetId, proposalId }, 'approve', ['submitted'], async (tx, proposal) => {
    if (proposal.submittedBy === actorName(actor) || actor === DISTRIBUTION_SCHEDULER)
      throw new AppError('DISTRIBUTION_FOUR_EYES_REQUIRED');
    const run = await payDistribution(
      tx,
      deps,
      actor,
      assetId,
      { periodKey: proposal.periodKey, recordDate: proposal.recordDate },
      now,
    );
    return { status: 'approved', decidedBy: actorName(actor), decidedAt: now, runId: run.id };
  });

/** Declines an open proposal with a reason; nothing is paid, and the period may be proposed again. */
export const declineDistributionProposal = (
  deps: Pick<DistributionDeps, 'db'>,
  actor: Actor,
  assetId: string,
  proposalId: string,
  reason: string,
  now: Date = new Date(),
): Promise<DistributionProposalView> =>
  step(deps, actor, { assetId, proposalId }, 'decline', ['proposed', 'submitted'], async () => ({
    status: 'declined',
    decidedBy: actorName(actor),
    decidedAt: now,
    declineReason: reason,
  }));

/**
 * The scheduler's pass (daily job): for every listed asset, the last period of its frequency that
 * has ended is proposed when it has income to pay (its own or carried over) and neither a run nor a
 * proposal (a declined one included: the operator decided, only an operator proposes it again).
 * Answers the proposals it made.
 */
export const proposeDueDistributions = async (
  deps: Pick<DistributionDeps, 'db'>,
  now: Date = new Date(),
): Promise<DistributionProposalView[]> => {
  const today = now.toISOString().slice(0, 10);
  const listed = await deps.db
    .select({ id: assets.id, frequency: assets.distributionFrequency })
    .from(assets)
    .where(inArray(assets.stage, ['primary', 'secondary']));
  const made: DistributionProposalView[] = [];
  for (const asset of listed) {
    const period = lastEndedPeriod(asset.frequency, today);
    const [proposed] = await deps.db
      .select({ id: distributionProposals.id })
      .from(distributionProposals)
      .where(and(eq(distributionProposals.assetId, asset.id), eq(distributionProposals.periodKey, period.key)))
      .limit(1);
    if (proposed || (await findRun(deps.db, asset.id, period.key))) continue;
    const { incomeCents } = await payableIncomeSums(deps.db, asset.id, period.start, period.end);
    if (incomeCents === 0n) continue;
    made.push(await proposeDistribution(deps, DISTRIBUTION_SCHEDULER, asset.id, { periodKey: period.key }, now));
  }
  return made;
};
