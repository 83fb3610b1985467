import { dataEnvelope, errorBody } from '@bw/contracts';
import { votings } from '@bw/db';
import { VOTING_PHASES } from '@bw/domain';
import { eq, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/app-error.js';
import { advanceVoting } from '../forum/operations/advance-voting.js';

/**
 * Tests and demos cannot wait 48 hours: moves a voting's clock so that its next phase is due now
 * (the suggestion's deadline, the start or the end lies a second in the past) and runs the phase
 * job's operation, the same one pg-boss runs.
 */
export const devForumRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/v1/dev/forum/votings/:votingId/fastForward',
    {
      config: { access: 'public' },
      schema: {
        tags: ['Development'],
        summary: 'Forum: make the voting’s next phase due now and run the phase job',
        params: z.object({ votingId: z.uuid() }),
        response: { 200: dataEnvelope(z.object({ phase: z.enum(VOTING_PHASES) })), 404: errorBody },
      },
    },
    async (request) => {
      const { votingId } = request.params;
      const [row] = await app.db.select({ phase: votings.phase }).from(votings).where(eq(votings.id, votingId));
      if (!row) throw new AppError('VOTING_NOT_FOUND');
      const shift =
        row.phase === 'suggestion'
          ? { suggestedAt: sql`now() - interval '48 hours 1 second'` }
          : row.phase === 'upcoming'
            ? { startsAt: sql`now()`, endsAt: sql`now() + (ends_at - starts_at)` }
            : row.phase === 'running'
              ? { endsAt: sql`now() - interval '1 second'` }
              : null;
      if (shift) await app.db.update(votings).set(shift).where(eq(votings.id, votingId));
      const result = await advanceVoting({ db: app.db, outbox: app.outbox, jobs: app.jobs }, votingId, new Date());
      return { data: { phase: result?.phase ?? row.phase } };
    },
  );
};
