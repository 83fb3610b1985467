import type { Db } from '@bw/db';
import {
  duePhaseChange,
  lastChoices,
  tallyVotes,
  VOTING_SUPPORT_WINDOW_MS,
  type VotingPhase,
  votingResult,
} from '@bw/domain';
import { shareHoldingsBefore } from '../../../ledger/ledger.repo.js';
import {
  choiceOfRow,
  dueVotingIds,
  holdersNow,
  insertWeights,
  lockVoting,
  optionsOf,
  setPhase,
  supportersOf,
  weightedHolders,
  weightedVotes,
} from '../forum.repo.js';
import type { ForumDeps } from './forum-deps.js';
import { enqueuePhaseChanged, scheduleNextPhase } from './phase-events.js';

/**
 * The phase job (ADR 0027): under the voting's row lock, applies the phase change due at `now`
 * exactly once (a second run finds the new phase and does nothing). Opening the vote snapshots
 * every holder's shares as they stood at `starts_at`; closing writes the result from those weights.
 * Answers the phase after the run and whether this run changed it.
 */
export const advanceVoting = async (
  deps: ForumDeps,
  votingId: string,
  now: Date,
): Promise<{ phase: VotingPhase; changed: boolean } | null> => {
  const changed = await deps.db.transaction(async (tx) => {
    const voting = await lockVoting(tx, votingId, 'update');
    if (!voting) return null;
    const next = duePhaseChange(voting, now);
    if (!next) return { voting, changed: false };
    switch (next) {
      case 'expired': {
        await setPhase(tx, voting.id, { phase: 'expired' });
        const supporters = (await supportersOf(tx, [voting.id])).map((s) => s.userId);
        await enqueuePhaseChanged(tx, deps, voting, 'expired', { outcome: null, userIds: supporters });
        return { voting: { ...voting, phase: next }, changed: true };
      }
      case 'running': {
        const weights = await shareHoldingsBefore(tx, voting.assetId, voting.startsAt ?? now);
        await insertWeights(tx, voting.id, weights);
        const snapshotShares = weights.reduce((sum, w) => sum + w.shares, 0n);
        await setPhase(tx, voting.id, { phase: 'running', snapshotShares, snapshotHolders: weights.length });
        await enqueuePhaseChanged(tx, deps, voting, 'running', {
          outcome: null,
          userIds: weights.map((w) => w.userId),
        });
        return { voting: { ...voting, phase: next }, changed: true };
      }
      case 'closed': {
        const result = await closingResult(tx, voting.id);
        await setPhase(tx, voting.id, {
          phase: 'closed',
          outcome: result.outcome,
          winningOptionId: result.winningOptionId,
          closedAt: now,
          result: result.json,
        });
        await enqueuePhaseChanged(tx, deps, voting, 'closed', {
          outcome: result.outcome,
          userIds: await weightedHolders(tx, voting.id),
        });
        return { voting: { ...voting, phase: next }, changed: true };
      }
      case 'upcoming':
        return { voting, changed: false };
    }
  });
  if (!changed) return null;
  if (changed.changed) await scheduleNextPhase(deps, changed.voting);
  return { phase: changed.voting.phase, changed: changed.changed };
};

/** The final tally from the snapshot weights and each holder's last vote (ADR 0027). */
const closingResult = async (tx: Db, votingId: string) => {
  const options = await optionsOf(tx, [votingId]);
  const votes = await weightedVotes(tx, [votingId]);
  const tally = tallyVotes(
    options.map((o) => o.id),
    new Map(votes.map((v) => [v.user_id, BigInt(v.shares)])),
    lastChoices(votes.map((v) => ({ holderId: v.user_id, choice: choiceOfRow(v) }))),
  );
  const result = votingResult(tally);
  return {
    ...result,
    json: {
      options: Object.fromEntries(Object.entries(tally.options).map(([id, w]) => [id, w.toString()])),
      againstAll: tally.againstAll.toString(),
      abstain: tally.abstain.toString(),
      cast: tally.castWeight.toString(),
      voters: tally.voters,
    },
  };
};

/** The sweep: every voting whose next phase is due now (jobs lost in a crash between commit and send). */
export const advanceDueVotings = async (deps: ForumDeps, now: Date): Promise<number> => {
  let changed = 0;
  for (const id of await dueVotingIds(deps.db, now, VOTING_SUPPORT_WINDOW_MS)) {
    if ((await advanceVoting(deps, id, now))?.changed) changed += 1;
  }
  return changed;
};

/** Holders of the asset now: who a suggestion's phase changes concern. */
export const currentHolderIds = async (tx: Db, assetId: string): Promise<string[]> => [
  ...(await holdersNow(tx, assetId)).keys(),
];
