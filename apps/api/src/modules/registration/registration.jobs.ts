import { z } from 'zod';
import { defineJob, type JobDefinition } from '../../jobs/registry.js';
import { sendDueReminders } from './registration.js';

/** Every minute: reminders whose time has come are sent (spec section 4, identification reminder). */
export const SEND_REMINDERS_CRON = '* * * * *';

export const sendRemindersJob = defineJob({
  name: 'reminders.send-due',
  payload: z.object({}),
  retry: { limit: 2, delaySeconds: 30, backoff: false },
  handler: async (_payload, { db, providers, log }) => {
    const sent = await sendDueReminders(
      db,
      async (mail) => {
        await providers.email.send(mail);
      },
      new Date(),
    );
    if (sent > 0) log.info({ sent }, 'reminders sent');
  },
});

export const registrationJobs: JobDefinition[] = [sendRemindersJob as JobDefinition];
