import type { Db } from '@bw/db';
import type { Outbox } from '../../jobs/outbox.js';
import { enqueueRealtimeUpdates } from '../../jobs/realtime-jobs.js';

/** The realtime reason of a bulletin-board change (spec section 4: `update` with a reason). */
export const BULLETIN_BOARD_UPDATE_REASON = 'bulletinBoard';

/**
 * After a bulletin-board change commits: `update` to each affected user, `update_assets` for the
 * asset, through the outbox, so a change made inside another module's transaction (a signature
 * settling a trade) is announced exactly when it commits.
 */
export const enqueueUpdates = (outbox: Outbox, tx: Db, userIds: string[], assetIds: string[]): Promise<void> =>
  enqueueRealtimeUpdates(outbox, tx, { userIds, assetIds, reason: BULLETIN_BOARD_UPDATE_REASON });
