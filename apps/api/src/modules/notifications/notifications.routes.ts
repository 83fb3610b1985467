import type { FastifyPluginAsync } from 'fastify';
import { channelRoutes } from './routes/channels.routes.js';
import { inboxRoutes } from './routes/inbox.routes.js';
import { pushRoutes } from './routes/push.routes.js';

/** Issue 23: the inbox, channels and push registration (ADR 0026). */
export const notificationsRoutes: FastifyPluginAsync = async (app) => {
  await app.register(inboxRoutes);
  await app.register(channelRoutes);
  await app.register(pushRoutes);
};
