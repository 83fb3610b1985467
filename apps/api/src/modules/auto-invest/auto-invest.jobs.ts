import { z } from 'zod';
import { defineJob, type JobDefinition } from '../../jobs/registry.js';
import { runAutoInvest } from './operations/run.js';

/** Every ten minutes: new offers and financing phases are matched soon after they appear. */
export const RUN_AUTO_INVEST_CRON = '*/10 * * * *';

export const runAutoInvestJob = defineJob({
  name: 'auto-invest.run-rules',
  payload: z.object({}),
  retry: { limit: 3, delaySeconds: 60, backoff: true },
  handler: async (_payload, { db, outbox, settlements, log }) => {
    const outcome = await runAutoInvest(db, outbox, settlements, new Date());
    log.info(outcome, 'auto-invest run');
  },
});

export const autoInvestJobs: JobDefinition[] = [runAutoInvestJob as JobDefinition];
