import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { linkingRoutes } from './routes/linking.routes.js';
import { signingRequestsRoutes } from './routes/signing-requests.routes.js';

/** Spec sections 4, 6, 7: linking, private apps, signing requests (ADR 0007); one route file per use case under routes/. */
export const securityAppRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(linkingRoutes);
  await app.register(signingRequestsRoutes);
};
