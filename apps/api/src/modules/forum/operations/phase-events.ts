import type { Db } from '@bw/db';
import { nextPhaseDueAt, type VotingPhase } from '@bw/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { VotingRow } from '../forum.repo.js';
import { FORUM_ADVANCE_VOTING_JOB, VOTING_PHASE_CHANGED_TOPIC } from '../forum.topics.js';
import type { ForumDeps } from './forum-deps.js';

/**
 * The outbox event of a phase change (`forum.voting-phase-changed`): who to tell, in the change's
 * transaction, once per voting and phase (the key). The notifications module turns it into inbox
 * entries (issue 23); until then its handler refreshes the holders' open screens.
 */
export const enqueuePhaseChanged = async (
  tx: Db,
  deps: Pick<ForumDeps, 'outbox'>,
  voting: Pick<VotingRow, 'id' | 'assetId' | 'title'>,
  phase: VotingPhase,
  extra: { outcome: 'approved' | 'rejected' | null; userIds: string[] },
): Promise<void> => {
  await deps.outbox.enqueue(tx, VOTING_PHASE_CHANGED_TOPIC, `forum.voting:${voting.id}:${phase}`, {
    votingId: voting.id,
    assetId: voting.assetId,
    title: voting.title,
    phase,
    outcome: extra.outcome,
    userIds: extra.userIds,
  });
};

/**
 * After the commit: a pg-boss job at the moment the voting's next phase is due (one per voting
 * and phase, `singletonKey`). A lost job is caught by the minute sweep (forum.jobs.ts).
 */
export const scheduleNextPhase = async (
  deps: Pick<ForumDeps, 'jobs'>,
  voting: Pick<VotingRow, 'id' | 'phase' | 'suggestedAt' | 'startsAt' | 'endsAt'>,
  log?: FastifyBaseLogger,
): Promise<void> => {
  const dueAt = nextPhaseDueAt(voting);
  if (!dueAt || !deps.jobs) return;
  const seconds = Math.max(0, Math.ceil((dueAt.getTime() - Date.now()) / 1000));
  try {
    await deps.jobs.send(
      FORUM_ADVANCE_VOTING_JOB,
      { votingId: voting.id },
      { startAfterSeconds: seconds, singletonKey: `voting:${voting.id}:${voting.phase}` },
    );
  } catch (error) {
    // The change is committed; the sweep picks the voting up within a minute.
    log?.warn({ err: error, votingId: voting.id }, 'could not schedule the voting phase job');
  }
};
