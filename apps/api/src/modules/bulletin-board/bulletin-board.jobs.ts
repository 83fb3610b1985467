import { randomUUID } from 'node:crypto';
import type { Db } from '@bw/db';
import { z } from 'zod';
import type { Outbox } from '../../jobs/outbox.js';
import { defineJob, type JobDefinition } from '../../jobs/registry.js';
import { findUserContact } from '../security-app/security-app.repo.js';

/** The realtime reason of a bulletin-board change (spec section 4: `update` with a reason). */
export const BULLETIN_BOARD_UPDATE_REASON = 'bulletinBoard';
export const PUBLISH_UPDATES_TOPIC = 'bulletin-board.publish-updates';

const payload = z.object({ userIds: z.array(z.uuid()).max(10), assetIds: z.array(z.string()).max(10) });

/**
 * After a bulletin-board change commits: `update` to each affected user, `update_assets` for the
 * asset. Runs through the outbox, so a change made inside another module's transaction (a
 * signature settling a trade) is announced exactly when it commits.
 */
export const publishUpdatesJob = defineJob({
  name: PUBLISH_UPDATES_TOPIC,
  payload,
  retry: { limit: 3, delaySeconds: 5, backoff: true },
  handler: async (input, { db, bus }) => {
    for (const userId of new Set(input.userIds)) {
      const user = await findUserContact(db, userId);
      if (user) bus.publishUserUpdate(user.email, BULLETIN_BOARD_UPDATE_REASON);
    }
    if (input.assetIds.length > 0) bus.publishAssetsUpdate([...new Set(input.assetIds)]);
  },
});

export const bulletinBoardJobs: JobDefinition[] = [publishUpdatesJob as JobDefinition];

export const enqueueUpdates = (outbox: Outbox, tx: Db, userIds: string[], assetIds: string[]): Promise<void> =>
  outbox.enqueue(tx, PUBLISH_UPDATES_TOPIC, `bulletin-board:${randomUUID()}`, {
    userIds: [...new Set(userIds)],
    assetIds: [...new Set(assetIds)],
  });
