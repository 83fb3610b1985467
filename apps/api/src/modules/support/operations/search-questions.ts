import type { SupportQuestion } from '@bw/contracts';
import type { Db } from '@bw/db';
import { allQuestions, countQuestions, searchQuestions } from '../support.repo.js';

/** `GET /api/v1/support/questions?q=`: the best answers first; without a query the whole FAQ in order. */
export const findQuestions = async (
  db: Db,
  input: { q?: string | undefined; limit: number },
): Promise<{ questions: SupportQuestion[]; total: number }> => {
  const query = input.q?.trim() ?? '';
  if (query.length === 0) {
    const questions = await allQuestions(db, 100);
    return { questions, total: await countQuestions(db) };
  }
  const rows = await searchQuestions(db, query, input.limit);
  return {
    questions: rows.map(({ id, category, question, answer }) => ({ id, category, question, answer })),
    total: rows.length,
  };
};
