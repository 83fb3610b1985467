import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { bonusesRoutes } from './routes/bonuses.routes.js';
import { builderOwnerRoutes } from './routes/builder-owner.routes.js';
import { buyRoutes } from './routes/buy.routes.js';
import { investmentsRoutes } from './routes/investments.routes.js';

/**
 * Issue 9: buying from the issuer in the financing phase, bonuses at checkout and the
 * builder-owner model (spec section 7: Assets, Utilities and bonuses, Launchpad), one route file
 * per use case under routes/.
 */
export const primaryMarketRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(buyRoutes);
  await app.register(investmentsRoutes);
  await app.register(bonusesRoutes);
  await app.register(builderOwnerRoutes);
};
