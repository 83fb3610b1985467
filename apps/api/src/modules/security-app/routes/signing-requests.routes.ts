import {
  approveSigningRequestBody,
  dataEnvelope,
  errorBody,
  listSigningRequestsQuery,
  signingRequestIdParams,
  signingRequestView,
} from '@bw/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { approveAndAnnounce, rejectAndAnnounce } from '../operations/answer-and-announce.js';
import { getSigningRequest } from '../operations/answer-signing-request.js';
import { listSigningRequests } from '../operations/list-signing-requests.js';
import { callerOf, resolveCallerFirst } from '../security-app-caller.js';
import { BASE, tags } from './route-support.js';

/** Signing requests (ADR 0007): the security app lists, reads and answers them (device token or session). */
export const signingRequestsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    `${BASE}/signingRequests`,
    {
      config: { access: 'device' },
      onRequest: resolveCallerFirst(app.db),
      schema: {
        tags,
        summary: 'Signing requests of the user (device token or session), newest first',
        querystring: listSigningRequestsQuery,
        response: { 200: dataEnvelope(z.array(signingRequestView)), 401: errorBody },
      },
    },
    async (request) => {
      const caller = callerOf(request);
      return { data: await listSigningRequests(app.db, app.settlements, caller.userId, request.query.status) };
    },
  );

  app.get(
    `${BASE}/signingRequests/:id`,
    {
      config: { access: 'device' },
      onRequest: resolveCallerFirst(app.db),
      schema: {
        tags,
        summary: 'One signing request with its canonical payload and human-readable details',
        params: signingRequestIdParams,
        response: { 200: dataEnvelope(signingRequestView), 401: errorBody, 404: errorBody },
      },
    },
    async (request) => {
      const caller = callerOf(request);
      return { data: await getSigningRequest(app.db, caller.userId, request.params.id) };
    },
  );

  app.post(
    `${BASE}/signingRequests/:id/signature`,
    {
      config: { access: 'device' },
      onRequest: resolveCallerFirst(app.db),
      schema: {
        tags,
        summary: 'Approve: the Ed25519 signature over the canonical payload (base64url)',
        params: signingRequestIdParams,
        body: approveSigningRequestBody,
        response: {
          200: dataEnvelope(signingRequestView),
          400: errorBody,
          401: errorBody,
          404: errorBody,
          409: errorBody,
          410: errorBody,
        },
      },
    },
    async (request) => {
      const caller = callerOf(request);
      return { data: await approveAndAnnounce(app, caller, request.params.id, request.body.signature) };
    },
  );

  app.post(
    `${BASE}/signingRequests/:id/reject`,
    {
      config: { access: 'device' },
      onRequest: resolveCallerFirst(app.db),
      schema: {
        tags,
        summary: 'Reject a pending signing request',
        params: signingRequestIdParams,
        response: {
          200: dataEnvelope(signingRequestView),
          401: errorBody,
          404: errorBody,
          409: errorBody,
          410: errorBody,
        },
      },
    },
    async (request) => {
      const caller = callerOf(request);
      return { data: await rejectAndAnnounce(app, caller, request.params.id) };
    },
  );
};
