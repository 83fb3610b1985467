import { dataEnvelope, errorBody, savingsPlanParams } from '@bw/contracts';
import { monthOfDate, viennaDate } from '@bw/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { scanAlerts } from '../alerts/alerts.js';
import { runAutoInvest } from '../auto-invest/operations/run.js';
import { executeSavingsPlan } from '../savings/operations/execute-plan.js';

/**
 * Tests and demos cannot wait for the day of the month or the next minute: runs this month's
 * execution of a plan now (the operation of the `savings.execute-plan` job, once per plan and
 * month), and the alerts job (`alerts.scan`).
 */
export const devSavingsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/v1/dev/savingsPlans/:planId/execute',
    {
      config: { access: 'public' },
      schema: {
        tags: ['Development'],
        summary: 'Savings plan: run this month’s execution now',
        params: savingsPlanParams,
        response: {
          200: dataEnvelope(
            z.object({ outcome: z.enum(['bought', 'partly', 'skipped', 'done-before', 'not-active']) }),
          ),
          404: errorBody,
        },
      },
    },
    async (request) => {
      const now = new Date();
      const outcome = await executeSavingsPlan(
        app.db,
        app.outbox,
        app.settlements,
        {
          planId: request.params.planId,
          month: monthOfDate(viennaDate(now)),
        },
        now,
      );
      return { data: { outcome } };
    },
  );
  app.post(
    '/api/v1/dev/alerts/scan',
    {
      config: { access: 'public' },
      schema: {
        tags: ['Development'],
        summary: 'Alerts: run the alerts job now',
        response: {
          200: dataEnvelope(z.object({ price: z.number(), offer: z.number(), financing: z.number() })),
        },
      },
    },
    async () => ({ data: await scanAlerts(app.db, app.outbox, new Date()) }),
  );
  app.post(
    '/api/v1/dev/autoInvest/run',
    {
      config: { access: 'public' },
      schema: {
        tags: ['Development'],
        summary: 'Auto-invest: run the matching job now',
        response: {
          200: dataEnvelope(
            z.object({ turns: z.number(), bought: z.number(), refused: z.number(), notified: z.number() }),
          ),
        },
      },
    },
    async () => ({ data: await runAutoInvest(app.db, app.outbox, app.settlements, new Date()) }),
  );
};
