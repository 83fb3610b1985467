import { type FeedbackBody, type FeedbackPromptAnswer, feedbackPromptView, feedbackResult } from '@bw/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { type ApiClient, apiClient } from '../../../lib/api-client';

/**
 * Under 'notifications': a settled purchase arrives with a notification over the realtime
 * connection, which refreshes every 'notifications' query — so the prompt appears right after it.
 */
export const feedbackPromptQueryKey = ['notifications', 'feedback-prompt'] as const;

/** `GET /api/v1/feedback/prompt`: the prompt due now (ADR 0033), or none. */
export const getFeedbackPrompt = (client: ApiClient = apiClient) =>
  client.get('/api/v1/feedback/prompt', feedbackPromptView);

export const useFeedbackPrompt = (enabled: boolean) =>
  useQuery(
    queryOptions({ queryKey: feedbackPromptQueryKey, queryFn: () => getFeedbackPrompt(), enabled, retry: false }),
  );

/** `POST /api/v1/feedback/prompt`: remembers the answer (later: 30 days; never, rated, feedback: for good). */
export const answerFeedbackPrompt = (answer: FeedbackPromptAnswer, client: ApiClient = apiClient) =>
  client.send('POST', '/api/v1/feedback/prompt', { answer }, feedbackPromptView);

/** `POST /api/v1/feedback`: stars and text into the support queue; the same `requestId` twice is stored once. */
export const sendFeedback = (body: FeedbackBody, client: ApiClient = apiClient) =>
  client.send('POST', '/api/v1/feedback', body, feedbackResult);
