import type { Db } from '@bw/db';
import type { Outbox } from '../../../jobs/outbox.js';

/** What distributions need: the database and the outbox (notifications follow the commit). */
export type DistributionDeps = { db: Db; outbox: Pick<Outbox, 'enqueue' | 'enqueueMany'> };
