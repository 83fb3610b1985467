import { dataEnvelope, errorBody } from '@bw/contracts';
import { providerNotifications } from '@bw/db';
import type { FastifyPluginAsync } from 'fastify';
import twilio from 'twilio';
import { z } from 'zod';
import { publicUrl } from '../../config.js';
import { AppError } from '../../lib/app-error.js';

export const TWILIO_STATUS_PATH = '/api/v1/notifications/twilio/status';

const statusBody = z.object({
  MessageSid: z.string().regex(/^[A-Z]{2}[0-9a-f]{32}$/),
  MessageStatus: z.string().regex(/^[a-z_]{2,30}$/),
  ErrorCode: z.string().max(10).optional(),
});

/**
 * Twilio's status callback for each SMS (issue 38): a form POST signed with `X-Twilio-Signature`
 * (HMAC-SHA1 of the URL Twilio called and the sorted parameters, keyed with the auth token),
 * checked with Twilio's own `validateRequest`. A missing or wrong signature is refused with 401;
 * a valid one records the delivery status (one row per message and status).
 */
export const twilioStatusRoutes: FastifyPluginAsync = async (app) => {
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) =>
    done(null, body),
  );
  app.post(
    TWILIO_STATUS_PATH,
    {
      config: { access: 'webhook' },
      schema: {
        tags: ['Notifications'],
        summary: 'Twilio SMS status callback (form POST signed with X-Twilio-Signature)',
        response: {
          200: dataEnvelope(z.object({ status: z.string() })),
          400: errorBody,
          401: errorBody,
          404: errorBody,
        },
      },
    },
    async (request) => {
      const token = app.config.TWILIO_AUTH_TOKEN;
      if (app.providerAdapters.sms !== 'twilio' || !token) throw new AppError('NOT_FOUND');
      const params = Object.fromEntries(new URLSearchParams(typeof request.body === 'string' ? request.body : ''));
      const signature = request.headers['x-twilio-signature'];
      const url = `${publicUrl(app.config)}${TWILIO_STATUS_PATH}`;
      if (typeof signature !== 'string' || !twilio.validateRequest(token, signature, url, params)) {
        throw new AppError('WEBHOOK_SIGNATURE_INVALID');
      }
      const parsed = statusBody.safeParse(params);
      if (!parsed.success) throw new AppError('BAD_REQUEST');
      const failed = parsed.data.MessageStatus === 'failed' || parsed.data.MessageStatus === 'undelivered';
      await app.db
        .insert(providerNotifications)
        .values({
          provider: 'twilio',
          eventType: parsed.data.MessageStatus,
          resourceId: parsed.data.MessageSid,
          handledAt: new Date(),
          outcome: 'applied',
          detail: parsed.data.ErrorCode ?? null,
        })
        .onConflictDoNothing();
      if (failed) request.log.warn({ sid: parsed.data.MessageSid, code: parsed.data.ErrorCode }, 'sms not delivered');
      return { data: { status: parsed.data.MessageStatus } };
    },
  );
};
