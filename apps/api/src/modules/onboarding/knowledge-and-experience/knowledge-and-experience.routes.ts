import {
  dataEnvelope,
  errorBody,
  knowledgeAndExperienceBody,
  noKnowledgeAndExperienceBody,
  userWithOnboarding,
} from '@bw/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser, requireUser } from '../../../plugins/session-user.js';
import { answerQuestionnaire } from './operations/answer-questionnaire.js';
import { skipQuestionnaire } from './operations/skip-questionnaire.js';

const tags = ['Onboarding'];
const response = {
  200: dataEnvelope(userWithOnboarding),
  400: errorBody,
  401: errorBody,
  403: errorBody,
  409: errorBody,
};
const modes = { POST: 'create', PUT: 'replace' } as const;

/**
 * Spec section 7: `POST` and `PUT /api/v1/user/knowledgeAndExperience`, `POST` and `PUT
 * /api/v1/user/noKnowledgeAndExperience` (issue 5). POST writes the first answers or skip (409
 * when there are some), PUT replaces them (409 when there are none). Each answers with the whole
 * user, `complianceInformation` and `registrationProcessStatus` included.
 */
export const knowledgeAndExperienceRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('preHandler', requireUser);

  for (const method of ['POST', 'PUT'] as const) {
    app.route({
      method,
      url: '/api/v1/user/knowledgeAndExperience',
      schema: {
        tags,
        summary: `Knowledge-and-experience answers, old or new flow (${method === 'POST' ? 'first' : 'changed'})`,
        body: knowledgeAndExperienceBody,
        response,
      },
      handler: async (request) => ({
        data: await answerQuestionnaire(app, currentUser(request), request.body, modes[method]),
      }),
    });

    app.route({
      method,
      url: '/api/v1/user/noKnowledgeAndExperience',
      schema: {
        tags,
        summary: `Skip the questionnaire, confirming no appropriateness check is then possible (${method === 'POST' ? 'first' : 'instead of answers'})`,
        body: noKnowledgeAndExperienceBody,
        response,
      },
      handler: async (request) => ({
        data: await skipQuestionnaire(app, currentUser(request), request.body, modes[method]),
      }),
    });
  }
};
