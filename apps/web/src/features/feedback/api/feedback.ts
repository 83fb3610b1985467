import { type FeedbackBody, type FeedbackPromptAnswer, feedbackPromptView, feedbackResult } from '@bw/contracts';
import { type ApiClient, apiClient } from '../../../lib/api-client';

/** `POST /api/v1/feedback/prompt`: remembers the answer (later: 30 days; never, rated, feedback: for good). */
export const answerFeedbackPrompt = (answer: FeedbackPromptAnswer, client: ApiClient = apiClient) =>
  client.send('POST', '/api/v1/feedback/prompt', { answer }, feedbackPromptView);

/** `POST /api/v1/feedback`: stars and text into the support queue; the same `requestId` twice is stored once. */
export const sendFeedback = (body: FeedbackBody, client: ApiClient = apiClient) =>
  client.send('POST', '/api/v1/feedback', body, feedbackResult);
