import * as ops from '@bw/api-client/operations';
import { type AlertBody, type AlertView, alertView } from '@bw/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiClient } from '../../../lib/api-client';

const alertsQueryKey = ['user', 'alerts'] as const;

/** `GET /api/v1/user/alerts`: the investor's price, offer and new-asset alerts (issue 40). */
export const useAlerts = () =>
  useQuery({
    queryKey: alertsQueryKey,
    queryFn: (): Promise<AlertView[]> => apiClient.get(ops.getUserAlerts, z.array(alertView)),
  });

const useAlertMutation = <V>(call: (value: V) => Promise<unknown>) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: alertsQueryKey }),
  });
};

export const useCreateAlert = () =>
  useAlertMutation((body: AlertBody) => apiClient.send(ops.postUserAlerts, alertView, { body }));

export const useDeleteAlert = () =>
  useAlertMutation((alertId: string) =>
    apiClient.send(ops.deleteUserAlertsByAlertId, z.object({ deleted: z.literal(true) }), { path: { alertId } }),
  );
