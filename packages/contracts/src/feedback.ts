import { z } from 'zod';

/**
 * Feedback modal and app-rating prompt (spec section 2 "Other", issue 23, ADR 0033). The spec names
 * both screens but no call, so the paths live next to the support calls under `/api/v1/feedback`.
 */
export const FEEDBACK_MESSAGE_MAX_LENGTH = 2000;

export const feedbackBody = z.object({
  /** The client's id of this feedback: sending it twice stores it once. */
  requestId: z.uuid({ error: 'Die Anfrage ist ungültig.' }),
  rating: z.coerce
    .number({ error: 'Wähle eine Bewertung von 1 bis 5 Sternen.' })
    .int({ error: 'Wähle eine Bewertung von 1 bis 5 Sternen.' })
    .min(1, { error: 'Wähle eine Bewertung von 1 bis 5 Sternen.' })
    .max(5, { error: 'Wähle eine Bewertung von 1 bis 5 Sternen.' }),
  message: z.string().trim().max(FEEDBACK_MESSAGE_MAX_LENGTH, { error: 'Dein Feedback ist zu lang.' }).default(''),
  /** Where the modal was opened: the rating prompt or the support page. */
  source: z.enum(['appRating', 'support'], { error: 'Die Anfrage ist ungültig.' }).default('support'),
});
export type FeedbackBody = z.infer<typeof feedbackBody>;
export const feedbackResult = z.object({ id: z.uuid() });

export const feedbackPromptKinds = ['appRating'] as const;
/** Which prompt the client shows now, if any. */
export const feedbackPromptView = z.object({ prompt: z.enum(feedbackPromptKinds).nullable() });
export type FeedbackPromptView = z.infer<typeof feedbackPromptView>;

/**
 * The user's answer to the prompt: `later` asks again after 30 days; `never`, `rated` (went on to
 * the rating) and `feedback` (gave feedback instead) end it.
 */
export const feedbackPromptAnswers = ['later', 'never', 'rated', 'feedback'] as const;
export const feedbackPromptAnswerBody = z.object({
  answer: z.enum(feedbackPromptAnswers, { error: 'Die Antwort ist ungültig.' }),
});
export type FeedbackPromptAnswer = (typeof feedbackPromptAnswers)[number];

/** The modal's fields (the client adds `requestId` and `source`). */
export const feedbackForm = feedbackBody.pick({ rating: true, message: true });
