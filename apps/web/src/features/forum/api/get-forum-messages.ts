import { forumMessageList } from '@bw/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { type ApiClient, apiClient } from '../../../lib/api-client';
import { forumMessagesQueryKey } from './query-keys';

export type ForumMessageList = z.infer<typeof forumMessageList>;

/** `GET /launchpad/api/v1/messages/{id}`: the asset's forum messages, newest first. */
export const getForumMessages = (assetId: string, client: ApiClient = apiClient): Promise<ForumMessageList> =>
  client.get(`/launchpad/api/v1/messages/${encodeURIComponent(assetId)}`, forumMessageList);

export const useForumMessages = (assetId: string) =>
  useQuery(
    queryOptions({ queryKey: forumMessagesQueryKey(assetId), queryFn: () => getForumMessages(assetId), retry: false }),
  );
