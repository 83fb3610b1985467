import type { FastifyPluginAsync } from 'fastify';
import { devFeedbackRoutes } from './feedback-sandbox.routes.js';
import { devForumRoutes } from './forum-sandbox.routes.js';
import { ichAppSandboxRoutes } from './ichapp-sandbox.routes.js';
import { devIdentificationRoutes } from './identification-sandbox.routes.js';
import { devMailboxRoutes } from './mailbox.routes.js';
import { devPrimaryMarketRoutes } from './primary-market-sandbox.routes.js';
import { devPspRoutes } from './psp-sandbox.routes.js';
import { devRegisterRoutes } from './register-sandbox.routes.js';
import { devSavingsRoutes } from './savings-sandbox.routes.js';
import { devSigningRoutes } from './signing-sandbox.routes.js';
import { devUsersRoutes } from './users-sandbox.routes.js';

/**
 * The development module (ADR 0016): every development and sandbox route, and nothing else
 * registers one. app.ts loads this file with a dynamic import only outside production, so a
 * production process never loads this code and its route table (production-routes.txt) holds none
 * of these routes. The routes reach the sandboxes through `app.sandbox` (providers/index.ts).
 */
export const devModule: FastifyPluginAsync = async (app) => {
  await app.register(devMailboxRoutes);
  await app.register(devUsersRoutes);
  await app.register(devPspRoutes);
  await app.register(devIdentificationRoutes);
  await app.register(ichAppSandboxRoutes);
  await app.register(devSigningRoutes);
  await app.register(devPrimaryMarketRoutes);
  await app.register(devForumRoutes);
  await app.register(devFeedbackRoutes);
  await app.register(devSavingsRoutes);
  await app.register(devRegisterRoutes);
};
