import type { NoKnowledgeAndExperienceBody, UserWithOnboarding } from '@bw/contracts';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../../../lib/app-error.js';
import type { SessionUser } from '../../../../plugins/session-user.js';
import { storeQuestionnaire } from './answer-questionnaire.js';

/**
 * `POST` (first) and `PUT` (instead of earlier answers) `/api/v1/user/noKnowledgeAndExperience`
 * (spec section 4): the questionnaire is skipped only after the user confirms that the
 * appropriateness check is then not possible; every security type is then rated NotProvided.
 */
export const skipQuestionnaire = async (
  app: FastifyInstance,
  sessionUser: SessionUser,
  body: NoKnowledgeAndExperienceBody,
  mode: 'create' | 'replace',
): Promise<UserWithOnboarding> => {
  if (!body.confirmNoAppropriatenessCheck) {
    throw new AppError('KNOWLEDGE_AND_EXPERIENCE_SKIP_NOT_CONFIRMED', {
      'body.confirmNoAppropriatenessCheck': 'Bitte bestätige das.',
    });
  }
  return storeQuestionnaire(app, sessionUser, null, mode);
};
