import * as ops from '@bw/api-client/operations';
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
  client.get(ops.getUserSettings, userSettingsView);

export const useSettings = () => useQuery({ queryKey: settingsQueryKey, queryFn: () => getSettings() });

/** `GET /api/v1/user/documents`: every agreement signed and every tax statement. */
export const useUserDocuments = () =>
  useQuery({ queryKey: documentsQueryKey, queryFn: () => apiClient.get(ops.getUserDocuments, userDocumentList) });

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
    apiClient.send(ops.putUserAnalytics, userSettingsView, { body: { analytics } }),
  );

/** `POST /api/v2/user/deletion`: refused with a message on what to do first. */
export const useRequestDeletion = () =>
  useSettingsMutation(() => apiClient.send(ops.postUserDeletion, accountDeletionView));

/** `POST /api/v2/user/deletion/confirm {token}`: the link of the e-mail. */
export const useConfirmDeletion = () =>
  useSettingsMutation((token: string) =>
    apiClient.send(ops.postUserDeletionConfirm, accountDeletionView, { body: { token } }),
  );

/** `DELETE /api/v2/user/deletion`. */
export const useCancelDeletion = () => useSettingsMutation(() => apiClient.send(ops.deleteUserDeletion, z.null()));

export const dataExportQueryKey = ['user', 'dataExport'] as const;

/** `GET /api/v1/user/dataExport`: the newest export; polled while it is being built (ADR 0051). */
export const useDataExport = () =>
  useQuery({
    queryKey: dataExportQueryKey,
    queryFn: () => apiClient.get(ops.getUserDataExport, dataExportState),
    refetchInterval: (query) => (query.state.data?.export?.status === 'pending' ? 5000 : false),
  });

/** `POST /api/v1/user/dataExport`: a pending one is answered as it is; 3 a day. */
export const useRequestDataExport = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiClient.send(ops.postUserDataExport, dataExportView),
    onSuccess: (view) => queryClient.setQueryData(dataExportQueryKey, { export: view }),
  });
};
