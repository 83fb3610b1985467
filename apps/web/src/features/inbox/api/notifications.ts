import * as ops from '@bw/api-client/operations';
import {
  type NotificationPage,
  type NotificationSetting,
  notificationPage,
  notificationSeenResult,
  notificationSettings,
  pushPublicKey,
  pushTokenResult,
  recordedView,
} from '@bw/contracts';
import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { type ApiClient, apiClient } from '../../../lib/api-client';

/** Spec section 9: pages of 20. */
export const INBOX_PAGE_SIZE = 20;

/** `GET /api/v1/notification?page&pageSize=20&cursor`: page 0 first, then keyset pages after the last item shown. */
export const getNotificationPage = (
  page: number,
  cursor: string | null,
  client: ApiClient = apiClient,
): Promise<NotificationPage> => {
  return client.get(ops.getNotification, notificationPage, {
    query: { page, pageSize: INBOX_PAGE_SIZE, cursor: cursor ?? undefined },
  });
};

type PageParam = { readonly page: number; readonly cursor: string | null };

export const inboxQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: ['notifications', 'inbox'],
    queryFn: ({ pageParam }: { pageParam: PageParam }) => getNotificationPage(pageParam.page, pageParam.cursor),
    initialPageParam: { page: 0, cursor: null } as PageParam,
    getNextPageParam: (last: NotificationPage): PageParam | undefined =>
      last.nextCursor ? { page: last.page + 1, cursor: last.nextCursor } : undefined,
  });

export const useInbox = () => useInfiniteQuery(inboxQueryOptions());

export const markNotificationSeen = (id: string, client: ApiClient = apiClient) =>
  client.send(ops.postNotificationByIdSeen, notificationSeenResult, { path: { id } });

export const notificationSettingsQueryOptions = () =>
  queryOptions({
    queryKey: ['notifications', 'settings'],
    queryFn: () => apiClient.get(ops.getNotificationSettings, notificationSettings),
  });
export const useNotificationSettings = () => useQuery(notificationSettingsQueryOptions());

export const saveNotificationSettings = (settings: NotificationSetting[], client: ApiClient = apiClient) =>
  client.send(ops.putNotificationSettings, notificationSettings, { body: { settings } });

export const getPushPublicKey = (client: ApiClient = apiClient) =>
  client.get(ops.getUserPushTokenPublicKey, pushPublicKey);

export const sendPushToken = (pushToken: string, client: ApiClient = apiClient) =>
  client.send(ops.postUserPushToken, pushTokenResult, { body: { pushToken } });

/** `POST /api/v1/user/firebaseId {firebaseId}`: the app's FCM registration token (spec section 7). */
export const sendFirebaseId = (firebaseId: string, client: ApiClient = apiClient) =>
  client.send(ops.postUserFirebaseId, recordedView, { body: { firebaseId } });
