import {
  dataEnvelope,
  documentParams,
  errorBody,
  identificationDecisionBody,
  reviewQueueItem,
  uuidParams,
} from '@bw/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { staffActor } from '../../../platform/staff-session.js';
import { decideIdentification, listReviewQueue, readIdentificationDocument } from './review-identifications.js';

const tags = ['Back office: identification'];
const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody, 409: errorBody };

/** The manual review queue of flagged identifications (issue 21). Guards: the permission table. */
export const kycAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/admin/api/v1/identifications/review',
    {
      schema: {
        tags,
        summary: 'Identifications waiting for a manual check',
        response: { 200: dataEnvelope(z.array(reviewQueueItem)), ...errors },
      },
    },
    async () => ({ data: await listReviewQueue(app.db) }),
  );
  app.post(
    '/admin/api/v1/identifications/:id/decision',
    {
      schema: {
        tags,
        summary: 'Approve or decline a flagged identification, with the reason the investor sees',
        params: uuidParams,
        body: identificationDecisionBody,
        response: { 200: dataEnvelope(z.object({ status: z.string() })), ...errors },
      },
    },
    async (request) => ({
      data: await decideIdentification(app, staffActor(request), request.params.id, request.body),
    }),
  );
  app.get(
    '/admin/api/v1/identifications/:id/documents/:documentId',
    { schema: { tags, summary: 'An identification file (the view is audited)', params: documentParams } },
    async (request, reply) => {
      const file = await readIdentificationDocument(
        app,
        staffActor(request),
        request.params.id,
        request.params.documentId,
      );
      return reply.type(file.contentType).header('cache-control', 'no-store').send(file.bytes);
    },
  );
};
