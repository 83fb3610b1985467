import type { FastifyPluginAsync } from 'fastify';
import { forumMessagesRoutes } from './routes/messages.routes.js';
import { forumVotingsRoutes } from './routes/votings.routes.js';

/** The investor forum (issue 24): the ten launchpad calls of spec section 7. */
export const forumRoutes: FastifyPluginAsync = async (app) => {
  await app.register(forumMessagesRoutes);
  await app.register(forumVotingsRoutes);
};
