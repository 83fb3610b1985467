import { analyticsEvents, complianceLogs } from '@bw/db';
import { lt, sql } from 'drizzle-orm';
import { z } from 'zod';
import { defineJob, type JobDefinition } from '../../jobs/registry.js';
import { executeDueDeletions } from './operations/deletion.js';

/** Hourly: confirmed deletions whose four days are over (ADR 0024). */
export const EXECUTE_DELETIONS_CRON = '11 * * * *';
/** Daily: analytics events and compliance logs past their retention. */
export const PRUNE_USER_LOGS_CRON = '41 3 * * *';
/** Analytics events are kept 14 months; compliance logs 7 years (ADR 0024). */
export const ANALYTICS_RETENTION_DAYS = 426;
export const COMPLIANCE_LOG_RETENTION_DAYS = 7 * 366;

export const executeDeletionsJob = defineJob({
  name: 'accounts.execute-deletions',
  payload: z.object({}),
  retry: { limit: 2, delaySeconds: 60, backoff: false },
  handler: async (_payload, { db, providers, log }) => {
    const done = await executeDueDeletions(db, async (mail) => {
      await providers.email.send(mail);
    });
    if (done > 0) log.info({ done }, 'accounts deleted');
  },
});

export const pruneUserLogsJob = defineJob({
  name: 'accounts.prune-logs',
  payload: z.object({}),
  retry: { limit: 2, delaySeconds: 60, backoff: false },
  handler: async (_payload, { db, log }) => {
    const events = await db
      .delete(analyticsEvents)
      .where(lt(analyticsEvents.createdAt, sql`now() - make_interval(days => ${ANALYTICS_RETENTION_DAYS})`))
      .returning({ id: analyticsEvents.id });
    const logs = await db
      .delete(complianceLogs)
      .where(lt(complianceLogs.createdAt, sql`now() - make_interval(days => ${COMPLIANCE_LOG_RETENTION_DAYS})`))
      .returning({ id: complianceLogs.id });
    log.info({ events: events.length, logs: logs.length }, 'user logs pruned');
  },
});

export const accountJobs: JobDefinition[] = [executeDeletionsJob as JobDefinition, pruneUserLogsJob as JobDefinition];
