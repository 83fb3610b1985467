import * as ops from '@bw/api-client/operations';
import {
  type CopyMeResult,
  copyMeAllowed,
  copyMeResult,
  type LinkedAccounts,
  linkedAccounts,
  type SwitchedAccount,
  switchedAccount,
} from '@bw/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type ApiClient, apiClient } from '../../../lib/api-client';

export const linkedAccountsQueryKey = ['user', 'linked-accounts'] as const;

/** `GET /api/v2/user/linked-accounts`: the person's accounts at every partner and where a copy may go (ADR 0035). */
export const getLinkedAccounts = (client: ApiClient = apiClient): Promise<LinkedAccounts> =>
  client.get(ops.getUserLinkedAccounts, linkedAccounts);

export const useLinkedAccounts = () =>
  useQuery({ queryKey: linkedAccountsQueryKey, queryFn: () => getLinkedAccounts() });

/** `POST /api/v2/user/copy-me/allowed {destinationPlatformProvider}` (spec section 7). */
export const isCopyAllowed = (destinationPlatformProvider: string, client: ApiClient = apiClient) =>
  client.send(ops.postUserCopyMeAllowed, copyMeAllowed, { body: { destinationPlatformProvider } });

/** `POST /api/v2/user/copy-me`: only after the user ticked the consent. */
export const useCopyMe = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (destinationPlatformProvider: string): Promise<CopyMeResult> =>
      apiClient.send(ops.postUserCopyMe, copyMeResult, { body: { destinationPlatformProvider, consent: true } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: linkedAccountsQueryKey }),
  });
};

/** `POST auth/switchSession {destinationPlatform: <partner id>}`: a new session of the account there. */
export const switchToPartner = (destinationPlatform: string, client: ApiClient = apiClient): Promise<SwitchedAccount> =>
  client.send(ops.postAuthSwitchSession, switchedAccount, { body: { destinationPlatform } });
