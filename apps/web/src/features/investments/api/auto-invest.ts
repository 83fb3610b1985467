import * as ops from '@bw/api-client/operations';
import { type AutoInvestBody, type AutoInvestOverview, autoInvestMandateView, autoInvestOverview } from '@bw/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type ApiClient, apiClient } from '../../../lib/api-client';

const autoInvestMoves = {
  pause: ops.postUserAutoInvestByMandateIdPause,
  resume: ops.postUserAutoInvestByMandateIdResume,
  end: ops.postUserAutoInvestByMandateIdEnd,
} as const;
export const autoInvestQueryKey = ['user', 'autoInvest'] as const;

/** `GET /api/v1/user/autoInvest`: the rules with the budget used this month, and what they did (ADR 0052). */
export const getAutoInvest = (client: ApiClient = apiClient): Promise<AutoInvestOverview> =>
  client.get(ops.getUserAutoInvest, autoInvestOverview);

export const useAutoInvest = () => useQuery({ queryKey: autoInvestQueryKey, queryFn: () => getAutoInvest() });

const useAutoInvestMutation = <V>(call: (value: V) => Promise<unknown>) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: autoInvestQueryKey }),
  });
};

/** `POST` (new) or `PUT …/{mandateId}` (change): rules to sign once in the security app. */
export const useSaveAutoInvest = () =>
  useAutoInvestMutation(({ mandateId, body }: { mandateId: string | null; body: AutoInvestBody }) =>
    mandateId
      ? apiClient.send(ops.putUserAutoInvestByMandateId, autoInvestMandateView, { path: { mandateId }, body })
      : apiClient.send(ops.postUserAutoInvest, autoInvestMandateView, { body }),
  );

/** `POST …/{mandateId}/pause|resume|end`: effective at once. */
export const useMoveAutoInvest = () =>
  useAutoInvestMutation(({ mandateId, move }: { mandateId: string; move: 'pause' | 'resume' | 'end' }) =>
    apiClient.send(autoInvestMoves[move], autoInvestMandateView, { path: { mandateId } }),
  );
