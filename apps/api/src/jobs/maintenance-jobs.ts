import { outbox } from '@bw/db';
import { lt, sql } from 'drizzle-orm';
import { z } from 'zod';
import { defineJob } from './registry.js';

/** Delivered outbox rows are kept this long for support questions, then pruned. */
export const OUTBOX_RETENTION_DAYS = 30;

export const pruneOutboxJob = defineJob({
  name: 'platform.prune-outbox',
  payload: z.object({ retentionDays: z.number().int().min(1).max(3650).default(OUTBOX_RETENTION_DAYS) }),
  retry: { limit: 2, delaySeconds: 60, backoff: false },
  handler: async ({ retentionDays }, { db, log }) => {
    const pruned = await db
      .delete(outbox)
      .where(lt(outbox.deliveredAt, sql`now() - make_interval(days => ${retentionDays})`))
      .returning({ id: outbox.id });
    log.info({ pruned: pruned.length }, 'outbox pruned');
  },
});

export const PRUNE_OUTBOX_CRON = '17 3 * * *';
