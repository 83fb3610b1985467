import { z } from 'zod';
import { defineJob } from './registry.js';

const MAX_SUBJECT_LENGTH = 200;
const MAX_BODY_LENGTH = 100_000;

/** Sends one e-mail through the configured provider; the delivery key is the provider's idempotency key. */
export const sendEmailJob = defineJob({
  name: 'notifications.send-email',
  payload: z.object({
    to: z.email(),
    subject: z.string().min(1).max(MAX_SUBJECT_LENGTH),
    text: z.string().min(1).max(MAX_BODY_LENGTH),
    html: z.string().min(1).max(MAX_BODY_LENGTH),
  }),
  retry: { limit: 5, delaySeconds: 2, backoff: true },
  handler: async (payload, { providers, key }) => {
    await providers.email.send({ idempotencyKey: key, ...payload });
  },
});

/** Sends one SMS through the configured gateway. */
export const sendSmsJob = defineJob({
  name: 'notifications.send-sms',
  payload: z.object({
    to: z.string().regex(/^\+[1-9]\d{6,14}$/, 'E.164'),
    text: z.string().min(1).max(640),
  }),
  retry: { limit: 5, delaySeconds: 2, backoff: true },
  handler: async (payload, { providers, key }) => {
    await providers.sms.send({ idempotencyKey: key, ...payload });
  },
});
