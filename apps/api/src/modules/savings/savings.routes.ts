import {
  dataEnvelope,
  errorBody,
  savingsOverview,
  savingsPlanBody,
  savingsPlanParams,
  savingsPlanView,
  uuidParams,
} from '@bw/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser, requireUser } from '../../plugins/session-user.js';
import {
  changeSavingsPlan,
  createSavingsPlan,
  moveSavingsPlan,
  savingsOverview as overview,
} from './operations/plans.js';

const tags = ['Savings plans'];
const BASE = '/api/v1/user/savingsPlans';
const errors = { 400: errorBody, 401: errorBody, 404: errorBody, 409: errorBody };

/** Savings plans (issue 40, ADR 0045): set up and change with a signature, pause, resume, end. */
export const savingsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    BASE,
    {
      onRequest: requireUser,
      schema: {
        tags,
        summary: 'The investor’s savings plans with the next execution, and the executions',
        response: { 200: dataEnvelope(savingsOverview), 401: errorBody },
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
        summary: 'Set up a savings plan: a standing order to sign once in the security app',
        body: savingsPlanBody,
        response: { 200: dataEnvelope(savingsPlanView), ...errors },
      },
    },
    async (request) => {
      const user = currentUser(request);
      const data = await createSavingsPlan(app.db, app.outbox, {
        ...request.body,
        userId: user.userId,
        now: new Date(),
      });
      app.bus.publishUserUpdate(user.email, 'signingRequest');
      return { data };
    },
  );
  app.put(
    `${BASE}/:planId`,
    {
      onRequest: requireUser,
      schema: {
        tags,
        summary: 'Change a savings plan: a new standing order that replaces it once signed',
        params: savingsPlanParams,
        body: savingsPlanBody,
        response: { 200: dataEnvelope(savingsPlanView), ...errors },
      },
    },
    async (request) => {
      const user = currentUser(request);
      const data = await changeSavingsPlan(app.db, app.outbox, app.settlements, {
        ...request.body,
        planId: request.params.planId,
        userId: user.userId,
        now: new Date(),
      });
      app.bus.publishUserUpdate(user.email, 'signingRequest');
      return { data };
    },
  );
  for (const move of ['pause', 'resume', 'end'] as const) {
    app.post(
      `${BASE}/:planId/${move}`,
      {
        onRequest: requireUser,
        schema: {
          tags,
          summary: { pause: 'Pause a savings plan', resume: 'Resume a paused savings plan', end: 'End a savings plan' }[
            move
          ],
          params: savingsPlanParams,
          response: { 200: dataEnvelope(savingsPlanView), ...errors },
        },
      },
      async (request) => {
        const user = currentUser(request);
        const data = await moveSavingsPlan(app.db, app.outbox, app.settlements, {
          userId: user.userId,
          planId: request.params.planId,
          move,
          now: new Date(),
        });
        app.bus.publishUserUpdate(user.email, 'signingRequest');
        return { data };
      },
    );
  }
};

/** The back office: an investor's savings plans and their executions (issue 40). */
export const savingsAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/admin/api/v1/investors/:id/savingsPlans',
    {
      schema: {
        tags: ['Back office: investors'],
        summary: 'An investor’s savings plans and their executions',
        params: uuidParams,
        response: { 200: dataEnvelope(savingsOverview), 401: errorBody, 403: errorBody, 404: errorBody },
      },
    },
    async (request) => ({ data: await overview(app.db, request.params.id, new Date()) }),
  );
};
