import {
  createReinvestmentMandateBody,
  dataEnvelope,
  errorBody,
  reinvestmentMandateParams,
  reinvestmentMandateView,
  reinvestmentOverview,
} from '@bw/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser, requireUser } from '../../plugins/session-user.js';
import { createMandate, reinvestmentOverview as overview, revokeMandate } from './operations/mandates.js';

const tags = ['Reinvestment'];
const BASE = '/api/v1/user/reinvestmentMandates';

/** Reinvestment of distributions (issue 22, ADR 0034): the investor's standing mandates per asset. */
export const reinvestmentRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    BASE,
    {
      onRequest: requireUser,
      schema: {
        tags,
        summary: 'The investor’s reinvestment mandates and what they did with recent distributions',
        response: { 200: dataEnvelope(reinvestmentOverview), 401: errorBody },
      },
    },
    async (request) => ({ data: await overview(app.db, currentUser(request).userId) }),
  );
  app.post(
    BASE,
    {
      onRequest: requireUser,
      schema: {
        tags,
        summary: 'Switch reinvestment on for an asset: a mandate to sign once in the security app',
        body: createReinvestmentMandateBody,
        response: {
          200: dataEnvelope(reinvestmentMandateView),
          400: errorBody,
          401: errorBody,
          404: errorBody,
          409: errorBody,
        },
      },
    },
    async (request) => {
      const user = currentUser(request);
      const data = await createMandate(app.db, app.outbox, { ...request.body, userId: user.userId, now: new Date() });
      app.bus.publishUserUpdate(user.email, 'signingRequest');
      return { data };
    },
  );
  app.delete(
    `${BASE}/:assetId`,
    {
      onRequest: requireUser,
      schema: {
        tags,
        summary: 'Revoke the reinvestment mandate of an asset (effective immediately)',
        params: reinvestmentMandateParams,
        response: {
          200: dataEnvelope(z.object({ revoked: z.literal(true) })),
          400: errorBody,
          401: errorBody,
          404: errorBody,
        },
      },
    },
    async (request) => {
      const user = currentUser(request);
      await revokeMandate(app.db, app.outbox, app.settlements, {
        userId: user.userId,
        assetId: request.params.assetId,
        now: new Date(),
      });
      app.bus.publishUserUpdate(user.email, 'signingRequest');
      return { data: { revoked: true as const } };
    },
  );
};
