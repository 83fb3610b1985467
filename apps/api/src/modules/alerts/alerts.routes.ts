import { alertBody, alertParams, alertView, dataEnvelope, errorBody } from '@bw/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser, requireUser } from '../../plugins/session-user.js';
import { createAlert, deleteAlert, listAlerts } from './alerts.js';

const tags = ['Alerts'];
const BASE = '/api/v1/user/alerts';

/** Alerts (issue 40): price, offer and new-asset alerts of the investor. */
export const alertsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    BASE,
    {
      onRequest: requireUser,
      schema: {
        tags,
        summary: 'The investor’s alerts',
        response: { 200: dataEnvelope(z.array(alertView)), 401: errorBody },
      },
    },
    async (request) => ({ data: await listAlerts(app.db, currentUser(request).userId) }),
  );
  app.post(
    BASE,
    {
      onRequest: requireUser,
      schema: {
        tags,
        summary: 'Set an alert up: price crosses a level, a sell offer at or below a price, a new financing phase',
        body: alertBody,
        response: { 200: dataEnvelope(alertView), 400: errorBody, 401: errorBody, 404: errorBody, 409: errorBody },
      },
    },
    async (request) => ({
      data: await createAlert(app.db, { ...request.body, userId: currentUser(request).userId, now: new Date() }),
    }),
  );
  app.delete(
    `${BASE}/:alertId`,
    {
      onRequest: requireUser,
      schema: {
        tags,
        summary: 'Delete an alert',
        params: alertParams,
        response: { 200: dataEnvelope(z.object({ deleted: z.literal(true) })), 401: errorBody, 404: errorBody },
      },
    },
    async (request) => {
      await deleteAlert(app.db, currentUser(request).userId, request.params.alertId);
      return { data: { deleted: true as const } };
    },
  );
};
