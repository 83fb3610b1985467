import { dataEnvelope, errorBody } from '@bw/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { executeDeletionNow, markUserVerified } from './operations/sandbox-shortcuts.js';

/** Sandbox shortcuts on users (browser tests). */
export const devUsersRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/v1/dev/users/verify',
    {
      // A sandbox control (development module only): the sandbox stands in for the provider.
      config: { access: 'public' },
      schema: {
        tags: ['Development'],
        summary: 'Sandbox shortcut: mark a user verified, as a finished identification would (browser tests)',
        body: z.strictObject({ email: z.email() }),
        response: { 200: dataEnvelope(z.object({ status: z.string() })), 404: errorBody },
      },
    },
    async (request) => ({ data: await markUserVerified(app, request.body.email) }),
  );

  app.post(
    '/api/v1/dev/users/deletion/executeNow',
    {
      config: { access: 'public' },
      schema: {
        tags: ['Development'],
        summary: 'Sandbox shortcut: skip the four days of a confirmed account deletion and run the deletion job',
        body: z.strictObject({ email: z.email() }),
        response: { 200: dataEnvelope(z.object({ status: z.string() })), 404: errorBody },
      },
    },
    async (request) => ({ data: await executeDeletionNow(app, request.body.email) }),
  );
};
