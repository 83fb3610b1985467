import { type KnowledgeAndExperienceBody, kaeProblemMessages, type UserWithOnboarding } from '@bw/contracts';
import { securityTypes, validateKaeAnswers } from '@bw/domain';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../../../lib/app-error.js';
import type { SessionUser } from '../../../../plugins/session-user.js';
import { notifyInvestor } from '../../../notifications/investor-events.js';
import { respondWithUser } from '../../operations/respond-with-user.js';
import { insertKae, type KaeRow, lockKaeRow, replaceKae } from '../knowledge-and-experience.repo.js';

/** The verdict a row gives: the rating of every security type, or "not possible" after the skip. */
const verdictOf = (row: KaeRow): string =>
  row.skipped || !row.boundary ? 'skipped' : securityTypes.map((type) => row.boundary?.[type]).join(',');

/**
 * Writes the answers (or, with null, the skip): `create` only when nothing is stored yet,
 * `replace` only when something is; then tells the user's clients and answers with the user.
 * The appropriateness verdict goes to the inbox when it is new (issue 35): the first answers or
 * skip, and every change that rates a security type differently. Sending the same answers again
 * is no new verdict and no second entry.
 */
export const storeQuestionnaire = async (
  app: FastifyInstance,
  sessionUser: SessionUser,
  answers: KnowledgeAndExperienceBody | null,
  mode: 'create' | 'replace',
): Promise<UserWithOnboarding> => {
  const { userId } = sessionUser;
  await app.db.transaction(async (tx) => {
    const before = mode === 'replace' ? await lockKaeRow(tx, userId) : undefined;
    const written =
      mode === 'create' ? await insertKae(tx, userId, answers) : before && (await replaceKae(tx, userId, answers));
    if (!written)
      throw new AppError(mode === 'create' ? 'KNOWLEDGE_AND_EXPERIENCE_EXISTS' : 'KNOWLEDGE_AND_EXPERIENCE_NOT_FOUND');
    if (before && verdictOf(before) === verdictOf(written)) return;
    await notifyInvestor(tx, app.outbox, {
      kind: 'appropriateness.assessed',
      userId,
      key: `${userId}:${written.updatedAt.getTime()}`,
      boundary: written.skipped ? null : written.boundary,
    });
  });
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
