import type { Db } from '@bw/db';
import type { JobRunner } from '../../../jobs/job-runner.js';
import type { Outbox } from '../../../jobs/outbox.js';

/** What the forum needs: the database, the outbox (phase events follow the commit), the job runner (phase jobs). */
export type ForumDeps = { db: Db; outbox: Pick<Outbox, 'enqueue'>; jobs: Pick<JobRunner, 'send'> | null };
