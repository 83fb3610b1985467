import type { FeedbackBody, FeedbackPromptAnswer, FeedbackPromptView } from '@bw/contracts';
import { type Db, feedbackPrompts, queryRows, supportRequests } from '@bw/db';
import { and, eq, sql } from 'drizzle-orm';
import type { SessionUser } from '../../../plugins/session-user.js';
import { TRADING_USER_STATUSES } from '../../bulletin-board/operations/create-offer.js';

/** ADR 0033: "later" asks again after 30 days. */
export const PROMPT_LATER_MS = 30 * 24 * 3_600_000;

const recordAnswer = (db: Db, userId: string, answer: FeedbackPromptAnswer, now: Date) => {
  const showAfter = answer === 'later' ? new Date(now.getTime() + PROMPT_LATER_MS) : null;
  return db
    .insert(feedbackPrompts)
    .values({ userId, prompt: 'appRating', answer, showAfter, answeredAt: now })
    .onConflictDoUpdate({
      target: [feedbackPrompts.userId, feedbackPrompts.prompt],
      set: { answer, showAfter, answeredAt: now },
    });
};

/**
 * The app-rating prompt is due (ADR 0033) for a verified investor after the first settled purchase,
 * unless answered: `later` hides it for 30 days, every other answer for good.
 */
export const feedbackPromptDue = async (db: Db, user: SessionUser, now = new Date()): Promise<FeedbackPromptView> => {
  if (!TRADING_USER_STATUSES.has(user.status)) return { prompt: null };
  const [row] = await queryRows<{ purchased: boolean; answer: string | null; show_after: Date | string | null }>(
    db,
    sql`SELECT EXISTS (SELECT 1 FROM transactions t WHERE t.user_id = ${user.userId} AND t.type = 'buy' AND t.status = 'success') AS purchased,
      p.answer, p.show_after
      FROM (SELECT 1) one LEFT JOIN feedback_prompts p ON p.user_id = ${user.userId} AND p.prompt = 'appRating'`,
  );
  if (!row?.purchased) return { prompt: null };
  if (row.answer === null) return { prompt: 'appRating' };
  const again = row.answer === 'later' && row.show_after !== null && new Date(row.show_after) <= now;
  return { prompt: again ? 'appRating' : null };
};

/** The user's answer to the prompt; answering again overwrites (the last answer counts). */
export const answerFeedbackPrompt = async (
  db: Db,
  user: SessionUser,
  answer: FeedbackPromptAnswer,
  now = new Date(),
): Promise<FeedbackPromptView> => {
  await recordAnswer(db, user.userId, answer, now);
  return feedbackPromptDue(db, user, now);
};

/**
 * The feedback modal: stars and an optional text land in the back office's support queue (kind
 * `feedback`), where staff can answer into the inbox. The same `requestId` twice stores it once.
 */
export const submitFeedback = (db: Db, user: SessionUser, body: FeedbackBody, now = new Date()) =>
  db.transaction(async (tx) => {
    await tx
      .insert(supportRequests)
      .values({
        userId: user.userId,
        email: user.email,
        kind: 'feedback',
        subject: `Feedback: ${body.rating} von 5 Sternen`,
        message: body.message,
        rating: body.rating,
        requestId: body.requestId,
      })
      .onConflictDoNothing({ target: [supportRequests.userId, supportRequests.requestId] });
    const [row] = await tx
      .select({ id: supportRequests.id })
      .from(supportRequests)
      .where(and(eq(supportRequests.userId, user.userId), eq(supportRequests.requestId, body.requestId)));
    if (!row) throw new Error('feedback not stored');
    if (body.source === 'appRating') await recordAnswer(tx, user.userId, 'feedback', now);
    return { id: row.id };
  });
