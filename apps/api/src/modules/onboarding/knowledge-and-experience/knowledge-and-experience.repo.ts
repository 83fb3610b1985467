import { type Db, knowledgeAndExperience } from '@bw/db';
import { appropriatenessBoundary, type KaeAnswers, type KaeRecord, overallKaeStatus } from '@bw/domain';
import { eq } from 'drizzle-orm';

export type KaeRow = typeof knowledgeAndExperience.$inferSelect;

export const findKaeRow = async (db: Db, userId: string): Promise<KaeRow | undefined> =>
  (await db.select().from(knowledgeAndExperience).where(eq(knowledgeAndExperience.userId, userId)).limit(1))[0];

/** The row a replacement is about to change, locked, so two replacements at once queue. */
export const lockKaeRow = async (db: Db, userId: string): Promise<KaeRow | undefined> =>
  (await db.select().from(knowledgeAndExperience).where(eq(knowledgeAndExperience.userId, userId)).for('update'))[0];

/** The stored questionnaire as the domain rates it: nothing, the skip, or the answers. */
export const toKaeRecord = (row: KaeRow | undefined): KaeRecord => {
  if (!row) return { kind: 'none' };
  if (row.skipped || !row.answers) return { kind: 'skipped' };
  return { kind: 'answered', answers: row.answers };
};

export const findKaeRecord = async (db: Db, userId: string): Promise<KaeRecord> =>
  toKaeRecord(await findKaeRow(db, userId));

/** The row to write for answers or for the skip, ratings computed now (spec section 5). */
const rowFor = (answers: KaeAnswers | null, now: Date) => {
  if (answers === null) {
    return {
      flow: null,
      answers: null,
      status: 'NotProvided' as const,
      boundary: null,
      skipped: true,
      skippedAt: now,
      answeredAt: null,
      updatedAt: now,
    };
  }
  const status = overallKaeStatus({ kind: 'answered', answers });
  return {
    flow: answers.flow,
    answers,
    status: status === 'Appropriate' ? ('Appropriate' as const) : ('NotAppropriate' as const),
    boundary: appropriatenessBoundary(answers),
    skipped: false,
    skippedAt: null,
    answeredAt: now,
    updatedAt: now,
  };
};

/**
 * Writes the first answers or skip of a user (POST). Undefined when the user already has a row,
 * so two first submissions at once cannot both win.
 */
export const insertKae = async (db: Db, userId: string, answers: KaeAnswers | null): Promise<KaeRow | undefined> => {
  const now = new Date();
  const [inserted] = await db
    .insert(knowledgeAndExperience)
    .values({ userId, ...rowFor(answers, now), createdAt: now })
    .onConflictDoNothing()
    .returning();
  return inserted;
};

/** Replaces the stored answers or skip (PUT). Undefined when the user has none yet. */
export const replaceKae = async (db: Db, userId: string, answers: KaeAnswers | null): Promise<KaeRow | undefined> => {
  const [updated] = await db
    .update(knowledgeAndExperience)
    .set(rowFor(answers, new Date()))
    .where(eq(knowledgeAndExperience.userId, userId))
    .returning();
  return updated;
};
