import {
  dataEnvelope,
  errorBody,
  feedbackBody,
  feedbackPromptAnswerBody,
  feedbackPromptView,
  feedbackResult,
} from '@bw/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser, requireUser } from '../../../plugins/session-user.js';
import { answerFeedbackPrompt, feedbackPromptDue, submitFeedback } from '../operations/feedback.js';

const tags = ['Support'];
const errors = { 400: errorBody, 401: errorBody };

/** Feedback modal and app-rating prompt (spec section 2 "Other", issue 23, ADR 0033). */
export const feedbackRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/v1/feedback',
    {
      onRequest: requireUser,
      schema: {
        tags,
        summary: 'Feedback (1–5 stars, optional text) into the support queue; idempotent by requestId',
        body: feedbackBody,
        response: { 200: dataEnvelope(feedbackResult), ...errors },
      },
    },
    async (request) => ({ data: await submitFeedback(app.db, currentUser(request), request.body) }),
  );
  app.get(
    '/api/v1/feedback/prompt',
    {
      onRequest: requireUser,
      schema: {
        tags,
        summary: 'Which prompt is due now: the app-rating prompt after the first settled purchase, or none',
        response: { 200: dataEnvelope(feedbackPromptView), ...errors },
      },
    },
    async (request) => ({ data: await feedbackPromptDue(app.db, currentUser(request)) }),
  );
  app.post(
    '/api/v1/feedback/prompt',
    {
      onRequest: requireUser,
      schema: {
        tags,
        summary: 'Remembers the answer to the prompt: later (30 days), never, rated or feedback',
        body: feedbackPromptAnswerBody,
        response: { 200: dataEnvelope(feedbackPromptView), ...errors },
      },
    },
    async (request) => ({
      data: await answerFeedbackPrompt(app.db, currentUser(request), request.body.answer),
    }),
  );
};
