import { type AutoInvestBody, type AutoInvestOverview, autoInvestMandateView, autoInvestOverview } from '@bw/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type ApiClient, apiClient } from '../../../lib/api-client';

const BASE = '/api/v1/user/autoInvest';
export const autoInvestQueryKey = ['user', 'autoInvest'] as const;

/** `GET /api/v1/user/autoInvest`: the rules with the budget used this month, and what they did (ADR 0052). */
export const getAutoInvest = (client: ApiClient = apiClient): Promise<AutoInvestOverview> =>
  client.get(BASE, autoInvestOverview);

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
      ? apiClient.send('PUT', `${BASE}/${mandateId}`, body, autoInvestMandateView)
      : apiClient.send('POST', BASE, body, autoInvestMandateView),
  );

/** `POST …/{mandateId}/pause|resume|end`: effective at once. */
export const useMoveAutoInvest = () =>
  useAutoInvestMutation(({ mandateId, move }: { mandateId: string; move: 'pause' | 'resume' | 'end' }) =>
    apiClient.send('POST', `${BASE}/${mandateId}/${move}`, {}, autoInvestMandateView),
  );
