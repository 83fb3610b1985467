import { MAX_UPLOAD_BYTES } from '@bw/contracts';
import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireUser } from '../../plugins/session-user.js';
import type { IdentificationContext } from './identification-context.js';
import { identificationWebhookRoutes } from './identification-webhook.routes.js';
import { activationRoutes } from './routes/activation.routes.js';
import { agreementSignatureRoutes } from './routes/agreement-signature.routes.js';
import { documentIdentRoutes } from './routes/document-ident.routes.js';
import { identificationStateRoutes } from './routes/identification-state.routes.js';
import { videoIdentRoutes } from './routes/video-ident.routes.js';

/**
 * Identity verification, agreements and activation (issue 5, ADR 0009), one route file per use
 * case under routes/. The providers come from `app.providers` (providers/index.ts); their verdicts
 * arrive as signed webhooks (identification-webhook.routes.ts).
 */
export const identificationRoutes: FastifyPluginAsyncZod = async (app) => {
  const context: IdentificationContext = {
    app,
    provider: app.providers.identityVerification,
    storage: app.providers.documents,
  };
  await app.register(async (user) => {
    await user.register(multipart, { limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 4, parts: 5 } });
    user.addHook('preHandler', requireUser);
    await user.register(identificationStateRoutes);
    await user.register(documentIdentRoutes(context));
    await user.register(agreementSignatureRoutes(context));
    await user.register(videoIdentRoutes(context));
    await user.register(activationRoutes);
  });
  await app.register(identificationWebhookRoutes);
};
