import {
  dataEnvelope,
  errorBody,
  IDV_SIGNATURE_HEADER,
  IDV_TIMESTAMP_HEADER,
  idvEvent,
  idvWebhookResult,
} from '@bw/contracts';
import type { FastifyPluginAsync } from 'fastify';
import { AppError } from '../../lib/app-error.js';
import { readSignedJson } from '../../providers/identity-verification/signed-webhook.js';
import { receiveIdvEvent } from './operations/receive-idv-event.js';

/**
 * `POST /api/v1/identification/webhook`: the identification providers' signed verdicts (ADR 0009),
 * HMAC-SHA256 over `<timestamp>.<raw body>`. This plugin parses JSON itself, as a string, because
 * the signature covers the exact bytes.
 */
export const identificationWebhookRoutes: FastifyPluginAsync = async (app) => {
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => done(null, body));

  app.post(
    '/api/v1/identification/webhook',
    {
      config: { access: 'webhook' },
      schema: {
        tags: ['Identification'],
        summary: 'Signed verdicts of the identification providers (identity check, bank account, signature)',
        security: [{ idvSignature: [] }],
        response: { 200: dataEnvelope(idvWebhookResult), 400: errorBody, 401: errorBody },
      },
    },
    async (request) => {
      const event = idvEvent.safeParse(
        readSignedJson({
          secret: app.config.IDV_WEBHOOK_SECRET,
          rawBody: typeof request.body === 'string' ? request.body : '',
          headers: request.headers,
          timestampHeader: IDV_TIMESTAMP_HEADER,
          signatureHeader: IDV_SIGNATURE_HEADER,
        }),
      );
      if (!event.success) throw new AppError('BAD_REQUEST');
      return { data: await receiveIdvEvent(app, event.data) };
    },
  );
};
