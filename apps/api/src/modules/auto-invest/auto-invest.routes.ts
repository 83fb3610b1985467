import {
  autoInvestBody,
  autoInvestMandateView,
  autoInvestOverview,
  autoInvestParams,
  dataEnvelope,
  errorBody,
  uuidParams,
} from '@bw/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser, requireUser } from '../../plugins/session-user.js';
import {
  changeAutoInvest,
  createAutoInvest,
  moveAutoInvest,
  autoInvestOverview as overview,
} from './operations/mandates.js';

const tags = ['Auto-invest'];
const BASE = '/api/v1/user/autoInvest';
const errors = { 400: errorBody, 401: errorBody, 404: errorBody, 409: errorBody };

/** Auto-invest by rules (issue 40, ADR 0052): set up and change with a signature, pause, resume, end. */
export const autoInvestRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    BASE,
    {
      onRequest: requireUser,
      schema: {
        tags,
        summary: 'The investor’s auto-invest rules with the budget used this month, and what they bought or refused',
        response: { 200: dataEnvelope(autoInvestOverview), 401: errorBody },
      },
    },
    async (request) => ({ data: await overview(app.db, currentUser(request).userId, new Date()) }),
  );
  app.post(
    BASE,
    {
      onRequest: requireUser,
      schema: {
        tags,
        summary: 'Set up auto-invest: rules and a monthly budget to sign once in the security app',
        body: autoInvestBody,
        response: { 200: dataEnvelope(autoInvestMandateView), ...errors },
      },
    },
    async (request) => {
      const user = currentUser(request);
      const data = await createAutoInvest(app.db, app.outbox, app.settlements, {
        ...request.body,
        userId: user.userId,
        now: new Date(),
      });
      app.bus.publishUserUpdate(user.email, 'signingRequest');
      return { data };
    },
  );
  app.put(
    `${BASE}/:mandateId`,
    {
      onRequest: requireUser,
      schema: {
        tags,
        summary: 'Change auto-invest: new rules that replace the old ones once signed',
        params: autoInvestParams,
        body: autoInvestBody,
        response: { 200: dataEnvelope(autoInvestMandateView), ...errors },
      },
    },
    async (request) => {
      const user = currentUser(request);
      const data = await changeAutoInvest(app.db, app.outbox, app.settlements, {
        ...request.body,
        mandateId: request.params.mandateId,
        userId: user.userId,
        now: new Date(),
      });
      app.bus.publishUserUpdate(user.email, 'signingRequest');
      return { data };
    },
  );
  for (const move of ['pause', 'resume', 'end'] as const) {
    app.post(
      `${BASE}/:mandateId/${move}`,
      {
        onRequest: requireUser,
        schema: {
          tags,
          summary: { pause: 'Pause auto-invest', resume: 'Resume paused auto-invest', end: 'End auto-invest' }[move],
          params: autoInvestParams,
          response: { 200: dataEnvelope(autoInvestMandateView), ...errors },
        },
      },
      async (request) => {
        const user = currentUser(request);
        const data = await moveAutoInvest(app.db, app.outbox, app.settlements, {
          userId: user.userId,
          mandateId: request.params.mandateId,
          move,
          now: new Date(),
        });
        app.bus.publishUserUpdate(user.email, 'signingRequest');
        return { data };
      },
    );
  }
};

/** The back office: an investor's auto-invest rules and what they bought or refused (issue 40). */
export const autoInvestAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/admin/api/v1/investors/:id/autoInvest',
    {
      schema: {
        tags: ['Back office: investors'],
        summary: 'An investor’s auto-invest rules and executions',
        params: uuidParams,
        response: { 200: dataEnvelope(autoInvestOverview), 401: errorBody, 403: errorBody, 404: errorBody },
      },
    },
    async (request) => ({ data: await overview(app.db, request.params.id, new Date()) }),
  );
};
