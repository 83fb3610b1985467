import { randomUUID } from 'node:crypto';
import type { Db } from '@bw/db';
import { users } from '@bw/db';
import { inArray } from 'drizzle-orm';
import { z } from 'zod';
import type { Outbox } from './outbox.js';
import { defineJob } from './registry.js';

export const PUBLISH_UPDATES_TOPIC = 'realtime.publish-updates';

const MAX_USERS = 10;
const MAX_ASSETS = 100;

/**
 * Realtime announcements of a business change made inside a transaction (a purchase settled by a
 * signing hook, a bulletin-board fill): `update` to each affected user, `update_assets` for the
 * assets. Enqueued in the outbox with the change, so they go out only after it committed.
 */
export const publishUpdatesJob = defineJob({
  name: PUBLISH_UPDATES_TOPIC,
  payload: z.object({
    userIds: z.array(z.uuid()).max(MAX_USERS),
    assetIds: z.array(z.string().min(1)).max(MAX_ASSETS),
    reason: z.string().min(1).max(100),
  }),
  retry: { limit: 3, delaySeconds: 2, backoff: true },
  handler: async (input, { db, bus }) => {
    if (input.userIds.length > 0) {
      const rows = await db.select({ email: users.email }).from(users).where(inArray(users.id, input.userIds));
      for (const row of rows) bus.publishUserUpdate(row.email, input.reason);
    }
    if (input.assetIds.length > 0) bus.publishAssetsUpdate(input.assetIds);
  },
});

export const enqueueRealtimeUpdates = (
  outbox: Outbox,
  tx: Db,
  update: { userIds: string[]; assetIds: string[]; reason: string },
): Promise<void> =>
  outbox.enqueue(tx, PUBLISH_UPDATES_TOPIC, `realtime:${randomUUID()}`, {
    userIds: [...new Set(update.userIds)],
    assetIds: [...new Set(update.assetIds)],
    reason: update.reason,
  });
