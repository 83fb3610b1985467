import { z } from 'zod';
import { defineJob, type JobDefinition } from '../../jobs/registry.js';
import { pruneUnattachedFiles, UNATTACHED_FILE_RETENTION_HOURS } from './operations/prune-unattached-files.js';

/** Uploads nothing attached (ADR 0032): removed hourly once they are a day old. */
export const pruneUnattachedFilesJob = defineJob({
  name: 'files.prune-unattached',
  payload: z.object({
    olderThanHours: z.number().int().min(1).max(8_760).default(UNATTACHED_FILE_RETENTION_HOURS),
  }),
  retry: { limit: 2, delaySeconds: 300, backoff: false },
  handler: async ({ olderThanHours }, { db, providers, log }) => {
    const removed = await pruneUnattachedFiles({ db, storage: providers.documents }, { olderThanHours, log });
    log.info({ removed }, 'unattached files pruned');
  },
});

export const PRUNE_UNATTACHED_FILES_CRON = '41 * * * *';

export const filesJobs: JobDefinition[] = [pruneUnattachedFilesJob as JobDefinition];
