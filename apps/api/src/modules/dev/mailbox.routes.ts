import { dataEnvelope } from '@bw/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

const devMessage = z.object({
  id: z.string(),
  channel: z.enum(['email', 'sms', 'push']),
  recipient: z.string(),
  subject: z.string().nullable(),
  bodyText: z.string(),
  bodyHtml: z.string().nullable(),
  createdAt: z.string(),
});

/**
 * The development mailbox: every e-mail and SMS the sandbox providers "sent", so a person and a
 * test can read codes and links.
 */
export const devMailboxRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/v1/dev/mailbox',
    {
      // A sandbox control (development module only): the sandbox stands in for the provider.
      config: { access: 'public' },
      schema: {
        tags: ['Development'],
        summary: 'Messages held by the sandbox e-mail and SMS providers (not in production)',
        querystring: z.strictObject({
          recipient: z.string().max(254).optional(),
          channel: z.enum(['email', 'sms', 'push']).optional(),
        }),
        response: { 200: dataEnvelope(z.array(devMessage)) },
      },
    },
    async (request) => {
      const rows = await app.sandbox.messaging.listMessages(request.query);
      return {
        data: rows.map((row) => ({
          id: String(row.id),
          channel: row.channel,
          recipient: row.recipient,
          subject: row.subject,
          bodyText: row.bodyText,
          bodyHtml: row.bodyHtml,
          createdAt: row.createdAt.toISOString(),
        })),
      };
    },
  );
};
