import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { offersRoutes } from './routes/offers.routes.js';
import { tradesRoutes } from './routes/trades.routes.js';

/**
 * Spec section 7, Bulletin board, plus the reads the offer-overview screens need (ADR 0008), one
 * route file per use case under routes/. Every call that moves money or shares takes an optional
 * `Idempotency-Key`.
 */
export const bulletinBoardRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(offersRoutes);
  await app.register(tradesRoutes);
};
