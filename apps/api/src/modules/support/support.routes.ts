import type { FastifyPluginAsync } from 'fastify';
import { feedbackRoutes } from './routes/feedback.routes.js';
import { supportUserRoutes } from './routes/support.routes.js';

/** Issue 23: support for investors (the back office's queue registers under modules/backoffice). */
export const supportRoutes: FastifyPluginAsync = async (app) => {
  await app.register(supportUserRoutes);
  await app.register(feedbackRoutes);
};
