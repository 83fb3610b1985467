import { dataEnvelope, devPurchaseEventBody, errorBody } from '@bw/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { recordBuilderOwnerEvent } from '../primary-market/operations/settle-purchase.js';

/** The sandbox bank and notary of builder-owner purchases (docs/runbooks/sandbox-providers.md). */
export const devPrimaryMarketRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/v1/dev/primary/purchaseEvent',
    {
      // A sandbox control (development module only): the sandbox stands in for the provider.
      config: { access: 'public' },
      schema: {
        tags: ['Development'],
        summary: 'Sandbox bank and notary: the bank wire or the notary documents of a builder-owner purchase arrive',
        body: devPurchaseEventBody,
        response: { 200: dataEnvelope(z.object({ status: z.string() })), 404: errorBody, 409: errorBody },
      },
    },
    async (request) => {
      const purchase = await recordBuilderOwnerEvent(app.db, app.outbox, { ...request.body, now: new Date() });
      return { data: { status: purchase.status } };
    },
  );
};
