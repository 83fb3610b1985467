import { z } from 'zod';
import { defineJob, type JobDefinition } from '../../../jobs/registry.js';
import type { RegisterSigner } from '../../share-register/register-roots.js';
import { BUILD_DATA_EXPORT_JOB, buildDataExport, failDataExport, removeExpiredDataExports } from './data-export.js';

export const REMOVE_EXPIRED_DATA_EXPORTS_JOB = 'accounts.remove-expired-data-exports';
/** Daily, at night: the ZIPs whose link has expired leave the document store. */
export const REMOVE_EXPIRED_DATA_EXPORTS_CRON = '23 4 * * *';

const BUILD_RETRY = { limit: 3, delaySeconds: 60, backoff: true };

/** ADR 0051: the worker builds the export the settings requested (queued through the outbox). */
export const createDataExportJobs = (signer: RegisterSigner): JobDefinition[] => [
  defineJob({
    name: BUILD_DATA_EXPORT_JOB,
    payload: z.object({ exportId: z.uuid() }),
    retry: BUILD_RETRY,
    handler: async ({ exportId }, { db, outbox, providers, log, attempt }) => {
      try {
        await buildDataExport({ db, outbox, storage: providers.documents, signer }, exportId);
        log.info({ exportId }, 'data export ready');
      } catch (error) {
        // The last attempt: the investor sees "failed" in the settings and may ask again.
        if (attempt > BUILD_RETRY.limit)
          await failDataExport(db, exportId, error instanceof Error ? error.message : String(error));
        throw error;
      }
    },
  }) as JobDefinition,
  defineJob({
    name: REMOVE_EXPIRED_DATA_EXPORTS_JOB,
    payload: z.object({}),
    retry: { limit: 2, delaySeconds: 60, backoff: false },
    handler: async (_payload, { db, providers, log }) => {
      const removed = await removeExpiredDataExports(db, providers.documents);
      if (removed > 0) log.info({ removed }, 'expired data exports removed');
    },
  }) as JobDefinition,
];
