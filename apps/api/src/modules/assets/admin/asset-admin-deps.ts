import type { Db } from '@bw/db';
import type { EventBus } from '../../../lib/event-bus.js';

/** What the back office's asset operations need: the database and the `update_assets` announcement. */
export type AssetAdminDeps = { db: Db; bus: Pick<EventBus, 'publishAssetsUpdate'> };
