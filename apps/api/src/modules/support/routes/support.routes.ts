import {
  dataEnvelope,
  errorBody,
  phoneRequestBody,
  supportQuestions,
  supportQuestionsQuery,
  supportRequestBody,
  supportRequestResult,
} from '@bw/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser, requireUser } from '../../../plugins/session-user.js';
import { createCallbackRequest, createMessageRequest } from '../operations/create-support-request.js';
import { findQuestions } from '../operations/search-questions.js';

const tags = ['Support'];
const errors = { 400: errorBody, 401: errorBody, 404: errorBody, 409: errorBody };

/** Spec section 7, Support: question search (public), write us and call back (logged in). */
export const supportUserRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = { db: app.db, outbox: app.outbox };
  app.get(
    '/api/v1/support/questions',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'Searches the FAQ (German full text, typo-tolerant); without `q` the whole FAQ',
        querystring: supportQuestionsQuery,
        response: { 200: dataEnvelope(supportQuestions), 400: errorBody },
      },
    },
    async (request) => ({ data: await findQuestions(app.db, request.query) }),
  );
  app.post(
    '/api/v1/support/request',
    {
      onRequest: requireUser,
      schema: {
        tags,
        summary: 'Write us: a message to the support queue, confirmed by e-mail',
        body: supportRequestBody,
        response: { 200: dataEnvelope(supportRequestResult), ...errors },
      },
    },
    async (request) => ({ data: await createMessageRequest(deps, currentUser(request), request.body) }),
  );
  app.post(
    '/api/v1/support/phoneRequest',
    {
      onRequest: requireUser,
      schema: {
        tags,
        summary: 'Call back: weekday (1 = Monday … 5 = Friday), time window, phone and message',
        body: phoneRequestBody,
        response: { 200: dataEnvelope(supportRequestResult), ...errors },
      },
    },
    async (request) => ({ data: await createCallbackRequest(deps, currentUser(request), request.body) }),
  );
};
