import { dataEnvelope, TERMS_KINDS, userWithOnboarding } from '@bw/contracts';
import { documentFileName } from '@bw/i18n';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser } from '../../../plugins/session-user.js';
import { activateUser } from '../operations/activate-user.js';
import { legalDocumentTitles, renderLegalDocument } from '../operations/legal-documents.js';
import { errors, tags, userIdOf } from './route-support.js';

/** The partner's legal documents to read before signing, and the activation once every step is done. */
export const activationRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/v1/identification/agreements/:kind',
    {
      schema: {
        tags,
        summary: "The partner's legal document of this kind (PDF)",
        params: z.strictObject({ kind: z.enum(TERMS_KINDS) }),
      },
    },
    async (request, reply) => {
      const { partnerId } = currentUser(request);
      const pdf = await renderLegalDocument(app.db, partnerId, request.params.kind);
      const fileName = documentFileName((await legalDocumentTitles(app.db, partnerId))[request.params.kind]);
      reply.type('application/pdf').header('content-disposition', `inline; filename="${fileName}"`);
      return reply.send(Buffer.from(pdf));
    },
  );

  app.post(
    '/api/v2/user/activate',
    {
      schema: {
        tags,
        summary: 'Activate the account once verified and every required step is done',
        response: { 200: dataEnvelope(userWithOnboarding), ...errors },
      },
    },
    async (request) => ({ data: await activateUser(app, userIdOf(request)) }),
  );
};
