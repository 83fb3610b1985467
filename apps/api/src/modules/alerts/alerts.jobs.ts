import { z } from 'zod';
import { defineJob, type JobDefinition } from '../../jobs/registry.js';
import { scanAlerts } from './alerts.js';

export const SCAN_ALERTS_CRON = '* * * * *';

export const scanAlertsJob = defineJob({
  name: 'alerts.scan',
  payload: z.object({}),
  retry: { limit: 1, delaySeconds: 30, backoff: false },
  handler: async (_payload, { db, outbox, log }) => {
    const sent = await scanAlerts(db, outbox, new Date());
    if (sent.price + sent.offer + sent.financing > 0) log.info(sent, 'alerts sent');
  },
});

export const alertJobs: JobDefinition[] = [scanAlertsJob as JobDefinition];
