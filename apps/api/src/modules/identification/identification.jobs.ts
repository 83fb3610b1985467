import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { defineJob, type JobDefinition } from '../../jobs/registry.js';
import {
  HANDLE_IDENTITY_NOTIFICATION_TOPIC,
  handleIdentityNotification,
} from './provider/handle-identity-notification.js';

/** The app, set once it is decorated: applying a verdict needs its outbox and realtime bus. */
export type IdentificationJobLinks = { app: FastifyInstance | null };

/** The real identification and signature providers' notifications (issue 38), handled by reading the resource. */
export const createIdentificationJobs = (links: IdentificationJobLinks): JobDefinition[] => [
  defineJob({
    name: HANDLE_IDENTITY_NOTIFICATION_TOPIC,
    payload: z.object({ provider: z.string(), eventType: z.string(), resourceId: z.string() }),
    retry: { limit: 10, delaySeconds: 5, backoff: true },
    handler: async (payload) => {
      if (!links.app) throw new Error('identification jobs before the app is ready');
      await handleIdentityNotification(links.app, payload);
    },
  }) as JobDefinition,
];
