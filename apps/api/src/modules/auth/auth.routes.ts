import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { externalLoginRoutes } from './routes/external-login.routes.js';
import { passwordResetRoutes } from './routes/password-reset.routes.js';
import { registrationRoutes } from './routes/registration.routes.js';
import { sessionRoutes } from './routes/session.routes.js';

/** Spec section 7, Auth, plus the registration calls of ADR 0003, one route file per use case under routes/. */
export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(sessionRoutes);
  await app.register(registrationRoutes);
  await app.register(passwordResetRoutes);
  await app.register(externalLoginRoutes);
};
