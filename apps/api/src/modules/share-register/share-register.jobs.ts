import { z } from 'zod';
import { defineJob, type JobDefinition } from '../../jobs/registry.js';
import { publishRegisterRoots, type RegisterSigner } from './register-roots.js';

export const PUBLISH_REGISTER_ROOTS_JOB = 'register.publish-roots';
/** Every night just after midnight (Europe/Vienna): the day's roots of every asset whose log grew. */
export const PUBLISH_REGISTER_ROOTS_CRON = '5 0 * * *';

export const createShareRegisterJobs = (signer: RegisterSigner): JobDefinition[] => [
  defineJob({
    name: PUBLISH_REGISTER_ROOTS_JOB,
    payload: z.object({}),
    retry: { limit: 5, delaySeconds: 60, backoff: true },
    handler: async (_payload, { db, log }) => {
      const roots = await publishRegisterRoots(db, signer, new Date());
      log.info({ published: roots.length }, 'register roots published');
    },
  }) as JobDefinition,
];
