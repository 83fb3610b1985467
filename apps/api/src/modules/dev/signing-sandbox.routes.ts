import { dataEnvelope, devSigningRequestBody, errorBody, signingRequestView } from '@bw/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser, requireUser } from '../../plugins/session-user.js';
import { createTestSigningRequest } from './operations/create-test-signing-request.js';

/** A `test` signing request for the logged-in user, without a trade (docs/security-app-protocol.md). */
export const devSigningRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/v1/dev/securityApp/signingRequests',
    {
      preHandler: requireUser,
      schema: {
        tags: ['Development'],
        summary: 'Create a test signing request (not in production)',
        body: devSigningRequestBody,
        response: { 200: dataEnvelope(signingRequestView), 400: errorBody, 401: errorBody, 409: errorBody },
      },
    },
    async (request) => ({ data: await createTestSigningRequest(app, currentUser(request), request.body) }),
  );
};
