import { accountDeletionView, type UserSettingsView, userDocumentList, userSettingsView } from '@bw/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { type ApiClient, apiClient } from '../../../lib/api-client';

export const settingsQueryKey = ['user', 'settings'] as const;
export const documentsQueryKey = ['user', 'documents'] as const;

/** `GET /api/v2/user/settings`: analytics consent, financial advisor and an open deletion (issue 20). */
export const getSettings = (client: ApiClient = apiClient): Promise<UserSettingsView> =>
  client.get('/api/v2/user/settings', userSettingsView);

export const useSettings = () => useQuery({ queryKey: settingsQueryKey, queryFn: () => getSettings() });

/** `GET /api/v1/user/documents`: every agreement signed and every tax statement. */
export const useUserDocuments = () =>
  useQuery({ queryKey: documentsQueryKey, queryFn: () => apiClient.get('/api/v1/user/documents', userDocumentList) });

/** A settings call whose answer refreshes the settings. */
const useSettingsMutation = <V>(call: (value: V) => Promise<unknown>) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: settingsQueryKey }),
  });
};

/** `PUT /api/v2/user/analytics {analytics}`. */
export const useUpdateAnalytics = () =>
  useSettingsMutation((analytics: boolean) =>
    apiClient.send('PUT', '/api/v2/user/analytics', { analytics }, userSettingsView),
  );

/** `POST /api/v2/user/deletion`: refused with a message on what to do first. */
export const useRequestDeletion = () =>
  useSettingsMutation(() => apiClient.send('POST', '/api/v2/user/deletion', {}, accountDeletionView));

/** `POST /api/v2/user/deletion/confirm {token}`: the link of the e-mail. */
export const useConfirmDeletion = () =>
  useSettingsMutation((token: string) =>
    apiClient.send('POST', '/api/v2/user/deletion/confirm', { token }, accountDeletionView),
  );

/** `DELETE /api/v2/user/deletion`. */
export const useCancelDeletion = () =>
  useSettingsMutation(() => apiClient.send('DELETE', '/api/v2/user/deletion', undefined, z.null()));
