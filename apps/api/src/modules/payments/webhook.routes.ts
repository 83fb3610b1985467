import {
  dataEnvelope,
  errorBody,
  PSP_SIGNATURE_HEADER,
  PSP_TIMESTAMP_HEADER,
  pspEvent,
  webhookResult,
} from '@bw/contracts';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { AppError } from '../../lib/app-error.js';
import { verifyWebhook } from '../../providers/payments/webhook-signature.js';
import { applyPspEvent } from './operations/apply-psp-event.js';

const headerOf = (request: FastifyRequest, name: string): string | undefined => {
  const value = request.headers[name];
  return Array.isArray(value) ? value[0] : value;
};

/**
 * `POST /api/v1/payment/webhook`: the payment provider's signed events (ADR 0005). The body is
 * read raw (this plugin's own JSON parser), because the signature covers the exact bytes.
 */
export const webhookRoutes: FastifyPluginAsync = async (app) => {
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => done(null, body));

  app.post(
    '/api/v1/payment/webhook',
    {
      config: { access: 'webhook' },
      schema: {
        tags: ['Payment provider'],
        summary: 'Signed events of the payment service provider (HMAC-SHA256 over timestamp and body)',
        security: [{ pspSignature: [] }],
        response: { 200: dataEnvelope(webhookResult), 400: errorBody, 401: errorBody, 409: errorBody },
      },
    },
    async (request) => {
      const rawBody = typeof request.body === 'string' ? request.body : '';
      const check = verifyWebhook({
        secret: app.config.PSP_WEBHOOK_SECRET,
        rawBody,
        timestampHeader: headerOf(request, PSP_TIMESTAMP_HEADER),
        signatureHeader: headerOf(request, PSP_SIGNATURE_HEADER),
        nowMs: Date.now(),
      });
      if (check === 'bad-signature') throw new AppError('WEBHOOK_SIGNATURE_INVALID');
      if (check === 'stale') throw new AppError('WEBHOOK_TIMESTAMP_STALE');
      let json: unknown;
      try {
        json = JSON.parse(rawBody);
      } catch {
        throw new AppError('MALFORMED_JSON');
      }
      const event = pspEvent.safeParse(json);
      if (!event.success) throw new AppError('BAD_REQUEST');
      const result = await applyPspEvent(app.db, app.outbox, event.data);
      for (const email of result.notifyEmails) app.bus.publishUserUpdate(email, `payment:${event.data.type}`);
      return { data: { outcome: result.outcome } };
    },
  );
};
