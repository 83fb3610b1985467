import { z } from 'zod';
import { defineJob, type JobDefinition } from '../../jobs/registry.js';
import { EXECUTE_SAVINGS_PLAN_TOPIC, runDueSavingsPlans } from './operations/due-plans.js';
import { executeSavingsPlan } from './operations/execute-plan.js';

/** Every morning (Europe/Vienna): the plans due today, and the reminders for two days ahead. */
export const RUN_DUE_SAVINGS_PLANS_CRON = '30 6 * * *';

export const runDueSavingsPlansJob = defineJob({
  name: 'savings.run-due-plans',
  payload: z.object({}),
  retry: { limit: 3, delaySeconds: 300, backoff: true },
  handler: async (_payload, { db, outbox, log }) => {
    const outcome = await runDueSavingsPlans(db, outbox, new Date());
    log.info(outcome, 'savings plans due');
  },
});

/** One plan's execution in one month, delivered by the outbox (key `savings:<plan>:<month>`). */
export const executeSavingsPlanJob = defineJob({
  name: EXECUTE_SAVINGS_PLAN_TOPIC,
  payload: z.object({ planId: z.uuid(), month: z.string().regex(/^\d{4}-\d{2}$/) }),
  retry: { limit: 5, delaySeconds: 5, backoff: true },
  handler: async (input, { db, outbox, settlements, log }) => {
    const outcome = await executeSavingsPlan(db, outbox, settlements, input);
    log.info({ ...input, outcome }, 'savings plan executed');
  },
});

export const savingsJobs: JobDefinition[] = [
  runDueSavingsPlansJob as JobDefinition,
  executeSavingsPlanJob as JobDefinition,
];
