import {
  accountDeletionView,
  dataExportState,
  dataExportView,
  type UserSettingsView,
  userDocumentList,
  userSettingsView,
} from '@bw/contracts';
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

export const dataExportQueryKey = ['user', 'dataExport'] as const;

/** `GET /api/v1/user/dataExport`: the newest export; polled while it is being built (ADR 0051). */
export const useDataExport = () =>
  useQuery({
    queryKey: dataExportQueryKey,
    queryFn: () => apiClient.get('/api/v1/user/dataExport', dataExportState),
    refetchInterval: (query) => (query.state.data?.export?.status === 'pending' ? 5000 : false),
  });

/** `POST /api/v1/user/dataExport`: a pending one is answered as it is; 3 a day. */
export const useRequestDataExport = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiClient.send('POST', '/api/v1/user/dataExport', {}, dataExportView),
    onSuccess: (view) => queryClient.setQueryData(dataExportQueryKey, { export: view }),
  });
};
