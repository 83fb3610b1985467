import {
  dataEnvelope,
  errorBody,
  moderationAnswer,
  moderationBody,
  moderationParams,
  moderationQueue,
} from '@bw/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { staffActor } from '../../../platform/staff-session.js';
import { moderateMessage, moderationQueueView } from './moderation.js';

const tags = ['Back office: forum moderation'];
const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody, 409: errorBody };
const P = '/admin/api/v1/forum';

/** The forum's moderation queue (issue 24). Guards: the permission table. */
export const forumModerationAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    `${P}/complaints`,
    {
      schema: {
        tags,
        summary: 'Open complaints about forum messages',
        response: { 200: dataEnvelope(moderationQueue), ...errors },
      },
    },
    async () => ({ data: await moderationQueueView(app.db) }),
  );
  for (const [verb, hide] of [
    ['hide', true],
    ['restore', false],
  ] as const) {
    app.post(
      `${P}/messages/:id/${verb}`,
      {
        schema: {
          tags,
          summary: hide ? 'Hide a forum message with a reason' : 'Restore a hidden forum message with a reason',
          params: moderationParams,
          body: moderationBody,
          response: { 200: dataEnvelope(moderationAnswer), ...errors },
        },
      },
      async (request) => ({
        data: await moderateMessage({ db: app.db }, staffActor(request), {
          messageId: request.params.id,
          hide,
          reason: request.body.reason,
        }),
      }),
    );
  }
};
