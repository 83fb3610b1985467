import { users } from '@bw/db';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { defineJob, type JobDefinition } from '../../jobs/registry.js';

/**
 * One event per distribution payment (issue 22), enqueued in the run's transaction. Until the
 * notifications module (issue 23) turns it into an inbox entry, it tells the investor's open
 * screens to refresh (`update`, reason `distribution`).
 */
export const DISTRIBUTION_PAID_TOPIC = 'distributions.paid';

export const distributionPaidPayload = z.object({
  userId: z.uuid(),
  assetId: z.string().min(1),
  transactionId: z.uuid(),
  netCents: z.string().regex(/^\d+$/),
  grossCents: z.string().regex(/^\d+$/),
});

export const distributionJobs: JobDefinition[] = [
  defineJob({
    name: DISTRIBUTION_PAID_TOPIC,
    payload: distributionPaidPayload,
    retry: { limit: 3, delaySeconds: 2, backoff: true },
    handler: async (input, { db, bus }) => {
      const [user] = await db.select({ email: users.email }).from(users).where(eq(users.id, input.userId));
      if (user) bus.publishUserUpdate(user.email, 'distribution');
    },
  }) as JobDefinition,
];
