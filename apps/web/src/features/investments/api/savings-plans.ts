import * as ops from '@bw/api-client/operations';
import { type SavingsOverview, type SavingsPlanBody, savingsOverview, savingsPlanView } from '@bw/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type ApiClient, apiClient } from '../../../lib/api-client';

const savingsPlanMoves = {
  pause: ops.postUserSavingsPlansByPlanIdPause,
  resume: ops.postUserSavingsPlansByPlanIdResume,
  end: ops.postUserSavingsPlansByPlanIdEnd,
} as const;
export const savingsQueryKey = ['user', 'savingsPlans'] as const;

/** `GET /api/v1/user/savingsPlans`: the plans with their next execution, and the executions (ADR 0045). */
export const getSavingsPlans = (client: ApiClient = apiClient): Promise<SavingsOverview> =>
  client.get(ops.getUserSavingsPlans, savingsOverview);

export const useSavingsPlans = () => useQuery({ queryKey: savingsQueryKey, queryFn: () => getSavingsPlans() });

const useSavingsMutation = <V>(call: (value: V) => Promise<unknown>) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: savingsQueryKey }),
  });
};

/** `POST` (new) or `PUT …/{planId}` (change): a standing order to sign once in the security app. */
export const useSaveSavingsPlan = () =>
  useSavingsMutation(({ planId, body }: { planId: string | null; body: SavingsPlanBody }) =>
    planId
      ? apiClient.send(ops.putUserSavingsPlansByPlanId, savingsPlanView, { path: { planId }, body })
      : apiClient.send(ops.postUserSavingsPlans, savingsPlanView, { body }),
  );

/** `POST …/{planId}/pause|resume|end`: effective at once. */
export const useMoveSavingsPlan = () =>
  useSavingsMutation(({ planId, move }: { planId: string; move: 'pause' | 'resume' | 'end' }) =>
    apiClient.send(savingsPlanMoves[move], savingsPlanView, { path: { planId } }),
  );
