import { sendEmailJob, sendSmsJob } from './email-jobs.js';
import { pruneOutboxJob } from './maintenance-jobs.js';
import { publishUpdatesJob } from './realtime-jobs.js';
import type { JobDefinition } from './registry.js';

/** Every job the platform knows; domains add theirs here. */
export const coreJobs: JobDefinition[] = [
  sendEmailJob as JobDefinition,
  sendSmsJob as JobDefinition,
  pruneOutboxJob as JobDefinition,
  publishUpdatesJob as JobDefinition,
];
