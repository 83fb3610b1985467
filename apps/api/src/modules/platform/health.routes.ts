import { dataEnvelope, errorBody } from '@bw/contracts';
import { pendingMigrations } from '@bw/db';
import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/app-error.js';

/** Liveness and readiness for the load balancer and `npm start`'s wait. */
export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/healthz',
    {
      config: { rateLimit: false },
      schema: {
        tags: ['Health'],
        summary: 'Liveness: the process answers',
        response: { 200: dataEnvelope(z.object({ status: z.literal('ok') })) },
      },
    },
    async () => ({ data: { status: 'ok' as const } }),
  );

  app.get(
    '/readyz',
    {
      config: { rateLimit: false },
      schema: {
        tags: ['Health'],
        summary: 'Readiness: the database answers and every migration has run',
        response: {
          200: dataEnvelope(z.object({ status: z.literal('ready'), database: z.enum(['pglite', 'postgres']) })),
          503: errorBody,
        },
      },
    },
    async () => {
      try {
        await app.db.execute(sql`select 1`);
        const pending = await pendingMigrations(app.db);
        if (pending.length > 0) throw new Error(`pending migrations: ${pending.join(', ')}`);
      } catch (error) {
        app.log.warn({ err: error }, 'not ready');
        throw new AppError('SERVICE_UNAVAILABLE');
      }
      return { data: { status: 'ready' as const, database: app.database.kind } };
    },
  );
};
