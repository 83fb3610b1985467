import { securityAppUpdateReasons } from '@bw/contracts';
import { z } from 'zod';
import { defineJob, type JobDefinition } from '../../jobs/registry.js';
import { findUserContact } from './security-app.repo.js';
import { expireOverdueSigningRequests } from './signing-requests.js';

/** Every minute: pending requests past their expiry become `expired` and their flows learn it. */
export const EXPIRE_SIGNING_REQUESTS_CRON = '* * * * *';

export const expireSigningRequestsJob = defineJob({
  name: 'security-app.expire-signing-requests',
  payload: z.object({}),
  retry: { limit: 2, delaySeconds: 30, backoff: false },
  handler: async (_payload, { db, bus, settlements, log }) => {
    const { userIds } = await expireOverdueSigningRequests(db, settlements, { now: new Date() });
    for (const userId of userIds) {
      const user = await findUserContact(db, userId);
      if (user) bus.publishUserUpdate(user.email, securityAppUpdateReasons.signingRequest);
    }
    if (userIds.length > 0) log.info({ users: userIds.length }, 'signing requests expired');
  },
});

export const securityAppJobs: JobDefinition[] = [expireSigningRequestsJob as JobDefinition];
