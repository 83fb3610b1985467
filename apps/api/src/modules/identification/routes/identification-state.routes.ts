import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { A, stateOf, stateResponse, tags } from './route-support.js';

/** The caller's identification, signature and activation state (the web's identification flow). */
export const identificationStateRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/v1/identification',
    {
      schema: {
        tags,
        summary: "The caller's current identification, signature and activation state",
        response: stateResponse,
      },
    },
    (request) => stateOf(request),
  );

  app.get(
    `${A}/verification`,
    { schema: { tags, summary: 'The current identification', response: stateResponse } },
    (request) => stateOf(request),
  );
};
