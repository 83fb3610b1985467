import {
  dataEnvelope,
  errorBody,
  supportAnswerBody,
  supportQueue,
  supportQueueItem,
  supportQueueQuery,
} from '@bw/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { staffActor } from '../../../platform/staff-session.js';
import { answerSupportRequest } from '../operations/answer-support-request.js';
import { listSupportQueue, toQueueItems } from '../support.repo.js';

const tags = ['Back office: support'];
const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody };
const QUEUE_LIMIT = 200;

/** The support queue (issue 23): write-us messages and call-back requests; staff answer into the inbox. */
export const supportAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/admin/api/v1/support/requests',
    {
      schema: {
        tags,
        summary: 'Support requests, newest first (open by default)',
        querystring: supportQueueQuery,
        response: { 200: dataEnvelope(supportQueue), ...errors },
      },
    },
    async (request) => ({
      data: { items: await toQueueItems(app.db, await listSupportQueue(app.db, request.query.status, QUEUE_LIMIT)) },
    }),
  );
  app.post(
    '/admin/api/v1/support/requests/:id/answer',
    {
      schema: {
        tags,
        summary: "Answers a request: the answer lands in the user's inbox",
        params: z.object({ id: z.uuid({ error: 'Diese Anfrage gibt es nicht.' }) }),
        body: supportAnswerBody,
        response: { 200: dataEnvelope(supportQueueItem), ...errors },
      },
    },
    async (request) => ({
      data: await answerSupportRequest(
        { db: app.db, outbox: app.outbox },
        staffActor(request),
        request.params.id,
        request.body.answer,
      ),
    }),
  );
};
