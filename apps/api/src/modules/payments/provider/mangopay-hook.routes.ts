import { dataEnvelope, errorBody } from '@bw/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../../lib/app-error.js';
import { HANDLE_PSP_NOTIFICATION_TOPIC, recordNotification } from './handle-notification.js';

/** Mangopay's hook query (its own spelling `RessourceId`); anything else is no hook of Mangopay's. */
const hookQuery = z.object({
  EventType: z.string().regex(/^[A-Z][A-Z_]{2,79}$/),
  RessourceId: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/),
  Date: z.string().regex(/^\d{1,12}$/),
});

/**
 * `GET /api/v1/payment/mangopay/hook`: Mangopay's hooks (issue 38, ADR 0038). They carry no
 * signature and must be answered within 2 s, so the hook is only recorded (once per event and
 * resource) and answered; the job reads the resource it names from Mangopay and trusts only that.
 */
export const mangopayHookRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/v1/payment/mangopay/hook',
    {
      config: { access: 'webhook' },
      schema: {
        tags: ['Payment provider'],
        summary: 'Mangopay hook (unsigned GET): recorded and answered at once, the named resource is fetched later',
        querystring: hookQuery,
        response: { 200: dataEnvelope(z.object({ received: z.boolean() })), 400: errorBody, 404: errorBody },
      },
    },
    async (request) => {
      if (app.providerAdapters.payments !== 'mangopay') throw new AppError('NOT_FOUND');
      const input = { provider: 'mangopay', eventType: request.query.EventType, resourceId: request.query.RessourceId };
      const fresh = await app.db.transaction(async (tx) => {
        const id = await recordNotification(tx, input);
        if (id !== null) await app.outbox.enqueue(tx, HANDLE_PSP_NOTIFICATION_TOPIC, `psp-hook:${id}`, input);
        return id !== null;
      });
      return { data: { received: fresh } };
    },
  );
};
