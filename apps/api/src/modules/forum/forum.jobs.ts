import { users } from '@bw/db';
import { VOTING_OUTCOMES, VOTING_PHASES } from '@bw/domain';
import { inArray } from 'drizzle-orm';
import { z } from 'zod';
import type { JobRunner } from '../../jobs/job-runner.js';
import type { Outbox } from '../../jobs/outbox.js';
import { defineJob, type JobDefinition } from '../../jobs/registry.js';
import { notifyUserFromJob } from '../notifications/notify-user.js';
import { FORUM_ADVANCE_DUE_VOTINGS_JOB, FORUM_ADVANCE_VOTING_JOB, VOTING_PHASE_CHANGED_TOPIC } from './forum.topics.js';
import { advanceDueVotings, advanceVoting } from './operations/advance-voting.js';
import { votingPhaseText } from './voting-phase-text.js';

export const votingPhaseChangedPayload = z.object({
  votingId: z.uuid(),
  assetId: z.string().min(1),
  title: z.string(),
  phase: z.enum(VOTING_PHASES),
  outcome: z.enum(VOTING_OUTCOMES).nullable(),
  /** The holders to tell: everyone holding now (upcoming), the snapshot's holders (running, closed), supporters (expired). */
  userIds: z.array(z.uuid()),
});
export type VotingPhaseChanged = z.infer<typeof votingPhaseChangedPayload>;

/**
 * The outbox and the job runner exist only after the registry that holds these jobs, so app.ts
 * fills this in once they stand (the jobs run only after that).
 */
export type ForumJobLinks = { outbox: Outbox | null; jobs: JobRunner | null };

export const createForumJobs = (links: ForumJobLinks): JobDefinition[] => {
  const deps = (db: Parameters<typeof advanceVoting>[0]['db']) => {
    if (!links.outbox) throw new Error('forum jobs ran before the outbox was linked');
    return { db, outbox: links.outbox, jobs: links.jobs };
  };
  return [
    defineJob({
      name: FORUM_ADVANCE_VOTING_JOB,
      payload: z.object({ votingId: z.uuid() }),
      retry: { limit: 5, delaySeconds: 5, backoff: true },
      handler: async ({ votingId }, { db, log }) => {
        const result = await advanceVoting(deps(db), votingId, new Date());
        if (result?.changed) log.info({ votingId, phase: result.phase }, 'voting phase changed');
      },
    }) as JobDefinition,
    defineJob({
      name: FORUM_ADVANCE_DUE_VOTINGS_JOB,
      payload: z.object({}),
      retry: { limit: 2, delaySeconds: 30, backoff: false },
      handler: async (_payload, { db, log }) => {
        const changed = await advanceDueVotings(deps(db), new Date());
        if (changed > 0) log.info({ changed }, 'due voting phases changed by the sweep');
      },
    }) as JobDefinition,
    defineJob({
      name: VOTING_PHASE_CHANGED_TOPIC,
      payload: votingPhaseChangedPayload,
      retry: { limit: 3, delaySeconds: 2, backoff: true },
      // Each holder gets an inbox entry (push and e-mail by their settings), and open screens refresh.
      handler: async (input, context) => {
        if (input.userIds.length === 0) return;
        const text = votingPhaseText(input);
        for (const userId of input.userIds)
          await notifyUserFromJob(context, {
            userId,
            key: `forum.voting:${input.votingId}:${input.phase}:${userId}`,
            type: 'forum',
            event: `forum.voting.${input.phase}`,
            title: text.title,
            body: text.body,
            link: `asset/${input.assetId}/forum`,
            data: { assetId: input.assetId, votingId: input.votingId },
          });
        const rows = await context.db
          .select({ email: users.email })
          .from(users)
          .where(inArray(users.id, input.userIds));
        for (const row of rows) context.bus.publishUserUpdate(row.email, 'forum');
      },
    }) as JobDefinition,
  ];
};
