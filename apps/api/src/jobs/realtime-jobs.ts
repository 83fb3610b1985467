import { z } from 'zod';
import { defineJob } from './registry.js';

/**
 * Realtime announcements that belong to a business change made inside a transaction (e.g. a
 * purchase settled by a signing hook): enqueued in the outbox with the change, so they go out
 * only after it committed, and exactly once per key.
 */
export const publishUserUpdateJob = defineJob({
  name: 'realtime.publish-user-update',
  payload: z.object({ email: z.string().min(1), reason: z.string().min(1).max(100) }),
  retry: { limit: 3, delaySeconds: 1, backoff: false },
  handler: async (payload, { bus }) => {
    bus.publishUserUpdate(payload.email, payload.reason);
  },
});

export const publishAssetsUpdateJob = defineJob({
  name: 'realtime.publish-assets-update',
  payload: z.object({ assetIds: z.array(z.string().min(1)).min(1).max(100) }),
  retry: { limit: 3, delaySeconds: 1, backoff: false },
  handler: async (payload, { bus }) => {
    bus.publishAssetsUpdate(payload.assetIds);
  },
});
