import * as ops from '@bw/api-client/operations';
import type { FeedbackPromptView } from '@bw/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { type ApiClient, apiClient } from '../../../lib/api-client';
import { type Checked, guard, nullable, objectOf, oneOf, type SameType } from '../../../lib/guard';

/**
 * Under 'notifications': a settled purchase arrives with a notification over the realtime
 * connection, which refreshes every 'notifications' query — so a due prompt shows without a reload.
 */
export const feedbackPromptQueryKey = ['notifications', 'feedback-prompt'] as const;

/**
 * The prompt check runs from the root layout, so it stays out of zod (the marketplace's initial
 * JavaScript, like lib/contract-guards.ts); feedback-prompt.test.ts runs it against the contract.
 */
const checkPromptView = objectOf({ prompt: nullable(oneOf(['appRating'] as const)) });
export const promptViewMatchesContract: SameType<Checked<typeof checkPromptView>, FeedbackPromptView> = true;
export const feedbackPromptGuard = guard<FeedbackPromptView>(checkPromptView);

/** `GET /api/v1/feedback/prompt`: the prompt due now (ADR 0033), or none. */
export const getFeedbackPrompt = (client: ApiClient = apiClient) =>
  client.get(ops.getFeedbackPrompt, feedbackPromptGuard);

export const useFeedbackPrompt = (enabled: boolean) =>
  useQuery(
    queryOptions({ queryKey: feedbackPromptQueryKey, queryFn: () => getFeedbackPrompt(), enabled, retry: false }),
  );
