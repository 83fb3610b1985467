import { dataEnvelope, errorBody, feedbackPromptView } from '@bw/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser, requireUser } from '../../plugins/session-user.js';
import { makeFeedbackPromptDue } from '../support/operations/feedback.js';

/**
 * The app-rating prompt waits a week after the first settled purchase (ADR 0033); browser tests and
 * demos make it due now for the logged-in user instead of waiting.
 */
export const devFeedbackRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/v1/dev/feedback/promptDue',
    {
      onRequest: requireUser,
      schema: {
        tags: ['Development'],
        summary: 'Feedback: make the app-rating prompt due now for the caller (after a settled purchase)',
        response: { 200: dataEnvelope(feedbackPromptView), 401: errorBody },
      },
    },
    async (request) => ({ data: await makeFeedbackPromptDue(app.db, currentUser(request)) }),
  );
};
