import { dataEnvelope } from '@bw/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

const tags = ['Development'];
const BAV_PAGE =
  '<!doctype html><html lang="de"><meta charset="utf-8"><title>Sandbox-Kontoverifizierung</title><p>Sandbox: Dein Konto wird bestätigt. Du kannst dieses Fenster schließen.</p></html>';

/** The identification sandbox's controls and its bank-account verification page (ADR 0009). */
export const devIdentificationRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/v1/dev/identification/deliver',
    {
      // A sandbox control (development module only): the sandbox stands in for the provider.
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'Send every queued identification-sandbox webhook now (not in production)',
        response: { 200: dataEnvelope(z.object({ delivered: z.number().int() })) },
      },
    },
    async () => ({ data: { delivered: await app.sandbox.identityVerification.deliverWebhooks({ all: true }) } }),
  );

  app.get(
    '/sandbox/idv/bav/:sessionId',
    { schema: { tags, summary: "The sandbox's bank-account verification page" } },
    async (_request, reply) => reply.type('text/html; charset=utf-8').send(BAV_PAGE),
  );
};
