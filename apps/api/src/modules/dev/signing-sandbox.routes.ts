import {
  dataEnvelope,
  devSigningRequestBody,
  errorBody,
  securityAppUpdateReasons,
  signingRequestView,
} from '@bw/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser, requireUser } from '../../plugins/session-user.js';
import { createSigningRequest } from '../security-app/signing-requests.js';

const DEV_REQUEST_DEFAULT_SECONDS = 10 * 60;

/**
 * Development only (registered outside production, app.ts): creates a `test` signing request
 * for the logged-in user, so linking and signing can be tried, and tested, without a trade.
 */
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
    async (request) => {
      const user = currentUser(request);
      const data = await app.db.transaction((tx) =>
        createSigningRequest(tx, {
          userId: user.userId,
          kind: 'test',
          payload: request.body.details ?? {
            assetName: 'Test-Objekt',
            sharesCount: '1',
            priceCents: '10000',
            amountCents: '10000',
            feeCents: '0',
            description: 'Test-Signatur aus der Entwicklungsumgebung',
          },
          expiresInSeconds: request.body.expiresInSeconds ?? DEV_REQUEST_DEFAULT_SECONDS,
        }),
      );
      app.bus.publishUserUpdate(user.email, securityAppUpdateReasons.signingRequest);
      return { data };
    },
  );
};
