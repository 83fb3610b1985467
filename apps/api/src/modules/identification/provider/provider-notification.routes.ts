import { dataEnvelope, errorBody } from '@bw/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../../lib/app-error.js';
import { queueProviderNotification } from '../../provider-callbacks/queue-notification.js';
import { HANDLE_IDENTITY_NOTIFICATION_TOPIC } from './handle-identity-notification.js';

/** Where each real identification or signature provider sends its notifications (configured at the provider). */
export const identityNotificationPath = (provider: string) => `/api/v1/identification/notifications/${provider}`;

/**
 * `POST /api/v1/identification/notifications/:provider` (issue 38, ADR 0038): the webhooks of Onfido
 * (`X-SHA2-Signature`) and IDnow (`X-Idnow-Signature`) and Skribble's callbacks. The provider's
 * adapter checks the signature as the provider documents it (401 when missing or wrong); a valid
 * notification is recorded once and answered at once; the job reads the named resource from the
 * provider and trusts only that. JSON is read as a string: signatures cover the exact bytes.
 */
export const identityNotificationRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addContentTypeParser(
    ['application/json', 'application/jwt', 'text/plain'],
    { parseAs: 'string', bodyLimit: 256 * 1024 },
    (_request, body, done) => done(null, body),
  );
  app.post(
    '/api/v1/identification/notifications/:provider',
    {
      config: { access: 'webhook' },
      schema: {
        tags: ['Identification'],
        summary: 'A real provider’s signed notification: recorded and answered, the named resource is read later',
        params: z.object({ provider: z.string().regex(/^[a-z]{2,20}$/) }),
        response: {
          200: dataEnvelope(z.object({ received: z.boolean() })),
          400: errorBody,
          401: errorBody,
          404: errorBody,
        },
      },
    },
    async (request) => {
      const source = app.providers.identityVerification.notificationSources[request.params.provider];
      if (!source) throw new AppError('NOT_FOUND');
      const named = await source.readNotification({
        rawBody: typeof request.body === 'string' ? request.body : '',
        headers: request.headers,
        query: request.query as Record<string, string | undefined>,
      });
      const fresh = await queueProviderNotification(app, HANDLE_IDENTITY_NOTIFICATION_TOPIC, {
        provider: source.provider,
        ...named,
      });
      return { data: { received: fresh } };
    },
  );
};
