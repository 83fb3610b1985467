import type { FeedbackBody, FeedbackPromptAnswer, FeedbackPromptView } from '@bw/contracts';
import { type Db, feedbackPrompts, queryRows, supportRequests } from '@bw/db';
import { and, eq, sql } from 'drizzle-orm';
import type { SessionUser } from '../../../plugins/session-user.js';
import { TRADING_USER_STATUSES } from '../../bulletin-board/operations/create-offer.js';

/** ADR 0033: "later" asks again after 30 days. */
export const PROMPT_LATER_MS = 30 * 24 * 3_600_000;
/** ADR 0033: the first ask comes a week after the first settled purchase, never inside a purchase. */
export const PROMPT_AFTER_PURCHASE_MS = 7 * 24 * 3_600_000;

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
 * The app-rating prompt is due (ADR 0033) for a verified investor a week after the first settled
 * purchase (a buy that succeeded), unless answered: `later` asks again after 30 days, every other
 * answer ends it for good.
 */
export const feedbackPromptDue = async (db: Db, user: SessionUser, now = new Date()): Promise<FeedbackPromptView> => {
  if (!TRADING_USER_STATUSES.has(user.status)) return { prompt: null };
  const [row] = await queryRows<{
    first_purchase: Date | string | null;
    answer: string | null;
    show_after: Date | string | null;
  }>(
    db,
    sql`SELECT (SELECT min(t.created_at) FROM transactions t WHERE t.user_id = ${user.userId} AND t.type = 'buy' AND t.status = 'success') AS first_purchase,
      p.answer, p.show_after
      FROM (SELECT 1) one LEFT JOIN feedback_prompts p ON p.user_id = ${user.userId} AND p.prompt = 'appRating'`,
  );
  if (!row?.first_purchase) return { prompt: null };
  const due =
    row.answer === null
      ? new Date(row.first_purchase).getTime() + PROMPT_AFTER_PURCHASE_MS <= now.getTime()
      : row.answer === 'later' && row.show_after !== null && new Date(row.show_after) <= now;
  return { prompt: due ? 'appRating' : null };
};

/** Development (ADR 0016): the prompt due now for this user, as if "later" had been answered a month ago. */
export const makeFeedbackPromptDue = async (db: Db, user: SessionUser, now = new Date()) => {
  await db
    .insert(feedbackPrompts)
    .values({ userId: user.userId, prompt: 'appRating', answer: 'later', showAfter: new Date(now.getTime() - 1000) })
    .onConflictDoUpdate({
      target: [feedbackPrompts.userId, feedbackPrompts.prompt],
      set: { answer: 'later', showAfter: new Date(now.getTime() - 1000) },
    });
  return feedbackPromptDue(db, user, now);
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
