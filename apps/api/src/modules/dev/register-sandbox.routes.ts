import { dataEnvelope } from '@bw/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { publishRegisterRoots, registerSignerFromSeed } from '../share-register/register-roots.js';

/**
 * Tests and demos cannot wait for midnight: runs the share register's day job (publish each
 * asset's root) now, the same operation pg-boss runs.
 */
export const devRegisterRoutes: FastifyPluginAsyncZod = async (app) => {
  const signer = registerSignerFromSeed(app.config.REGISTER_SIGNING_KEY);
  app.post(
    '/api/v1/dev/register/publishRoots',
    {
      config: { access: 'public' },
      schema: {
        tags: ['Development'],
        summary: 'Share register: publish the day’s roots now (the nightly job)',
        response: { 200: dataEnvelope(z.object({ published: z.number().int() })) },
      },
    },
    async () => ({ data: { published: (await publishRegisterRoots(app.db, signer, new Date())).length } }),
  );
};
