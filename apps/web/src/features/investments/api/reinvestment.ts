import * as ops from '@bw/api-client/operations';
import {
  type CreateReinvestmentMandateBody,
  type ReinvestmentOverview,
  reinvestmentMandateView,
  reinvestmentOverview,
} from '@bw/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { type ApiClient, apiClient } from '../../../lib/api-client';

export const reinvestmentQueryKey = ['user', 'reinvestment'] as const;

/** `GET /api/v1/user/reinvestmentMandates`: the standing mandates and recent reinvestments (ADR 0034). */
export const getReinvestment = (client: ApiClient = apiClient): Promise<ReinvestmentOverview> =>
  client.get(ops.getUserReinvestmentMandates, reinvestmentOverview);

export const useReinvestment = () => useQuery({ queryKey: reinvestmentQueryKey, queryFn: () => getReinvestment() });

const useReinvestmentMutation = <V>(call: (value: V) => Promise<unknown>) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: reinvestmentQueryKey }),
  });
};

/** `POST /api/v1/user/reinvestmentMandates`: a mandate to sign once in the security app. */
export const useCreateMandate = () =>
  useReinvestmentMutation((body: CreateReinvestmentMandateBody) =>
    apiClient.send(ops.postUserReinvestmentMandates, reinvestmentMandateView, { body }),
  );

/** `DELETE /api/v1/user/reinvestmentMandates/{assetId}`: revoked at once. */
export const useRevokeMandate = () =>
  useReinvestmentMutation((assetId: string) =>
    apiClient.send(ops.deleteUserReinvestmentMandatesByAssetId, z.object({ revoked: z.literal(true) }), {
      path: { assetId },
    }),
  );
