import type { FastifyPluginAsync } from 'fastify';
import { copyMeRoutes } from './routes/copy-me.routes.js';

/** Issue 20, switch account (ADR 0035); the switch itself is `POST /auth/switchSession` in the auth module. */
export const linkedAccountsRoutes: FastifyPluginAsync = async (app) => {
  await app.register(copyMeRoutes);
};
