import { type KnowledgeAndExperienceBody, kaeProblemMessages, type UserWithOnboarding } from '@bw/contracts';
import { validateKaeAnswers } from '@bw/domain';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../../../lib/app-error.js';
import type { SessionUser } from '../../../../plugins/session-user.js';
import { respondWithUser } from '../../operations/respond-with-user.js';
import { insertKae, replaceKae } from '../knowledge-and-experience.repo.js';

/**
 * Writes the answers (or, with null, the skip): `create` only when nothing is stored yet,
 * `replace` only when something is; then tells the user's clients and answers with the user.
 */
export const storeQuestionnaire = async (
  app: FastifyInstance,
  sessionUser: SessionUser,
  answers: KnowledgeAndExperienceBody | null,
  mode: 'create' | 'replace',
): Promise<UserWithOnboarding> => {
  if (mode === 'create') {
    if (!(await insertKae(app.db, sessionUser.userId, answers))) throw new AppError('KNOWLEDGE_AND_EXPERIENCE_EXISTS');
  } else if (!(await replaceKae(app.db, sessionUser.userId, answers))) {
    throw new AppError('KNOWLEDGE_AND_EXPERIENCE_NOT_FOUND');
  }
  return respondWithUser(app, sessionUser, 'knowledgeAndExperience');
};

/**
 * `POST` (first answers) and `PUT` (changed answers) `/api/v1/user/knowledgeAndExperience` (spec
 * sections 4 and 7): the answers of the old or the new flow, checked for the cross-answer rules,
 * stored with the appropriateness ratings they give. Answering after a skip is a PUT.
 */
export const answerQuestionnaire = async (
  app: FastifyInstance,
  sessionUser: SessionUser,
  body: KnowledgeAndExperienceBody,
  mode: 'create' | 'replace',
): Promise<UserWithOnboarding> => {
  const problems = validateKaeAnswers(body);
  if (problems.length > 0) {
    throw new AppError(
      'KNOWLEDGE_AND_EXPERIENCE_INCONSISTENT',
      Object.fromEntries(problems.map((problem) => [`body.${problem.field}`, kaeProblemMessages[problem.reason]])),
    );
  }
  return storeQuestionnaire(app, sessionUser, body, mode);
};
