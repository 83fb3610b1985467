import * as ops from '@bw/api-client/operations';
import { type FeedbackBody, type FeedbackPromptAnswer, feedbackPromptView, feedbackResult } from '@bw/contracts';
import { type ApiClient, apiClient } from '../../../lib/api-client';

/** `POST /api/v1/feedback/prompt`: remembers the answer (later: 30 days; never, rated, feedback: for good). */
export const answerFeedbackPrompt = (answer: FeedbackPromptAnswer, client: ApiClient = apiClient) =>
  client.send(ops.postFeedbackPrompt, feedbackPromptView, { body: { answer } });

/** `POST /api/v1/feedback`: stars and text into the support queue; the same `requestId` twice is stored once. */
export const sendFeedback = (body: FeedbackBody, client: ApiClient = apiClient) =>
  client.send(ops.postFeedback, feedbackResult, { body });
