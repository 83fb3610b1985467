import { dashboardView, dataEnvelope, errorBody } from '@bw/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { getDashboard } from './dashboard.js';

/** The operator's dashboard (issue 21): funnel, volume, open signatures, failures, outbox lag. */
export const dashboardRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/admin/api/v1/dashboard',
    {
      schema: {
        tags: ['Back office: dashboard'],
        summary: 'Investors by onboarding step, volume by asset, open signing requests, failed jobs, outbox lag',
        response: { 200: dataEnvelope(dashboardView), 401: errorBody, 403: errorBody },
      },
    },
    async () => ({ data: await getDashboard(app.db, new Date()) }),
  );
};
