import * as ops from '@bw/api-client/operations';
import { forumMessageList } from '@bw/contracts';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { type ApiClient, apiClient } from '../../../lib/api-client';
import { forumMessagesQueryKey } from './query-keys';

export type ForumMessageList = z.infer<typeof forumMessageList>;

/**
 * `GET /launchpad/api/v1/messages/{id}[?cursor]`: the asset's forum messages, newest first; with the
 * `nextCursor` of the page before, the next older page (keyset, as the inbox).
 */
export const getForumMessages = (
  assetId: string,
  cursor: string | null = null,
  client: ApiClient = apiClient,
): Promise<ForumMessageList> =>
  client.get(ops.getLaunchpadMessagesById, forumMessageList, {
    path: { id: assetId },
    query: { cursor: cursor ?? undefined },
  });

export const forumMessagesQueryOptions = (assetId: string) =>
  infiniteQueryOptions({
    queryKey: forumMessagesQueryKey(assetId),
    queryFn: ({ pageParam }: { pageParam: string | null }) => getForumMessages(assetId, pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (last: ForumMessageList) => last.nextCursor ?? undefined,
    retry: false,
  });

export const useForumMessages = (assetId: string) => useInfiniteQuery(forumMessagesQueryOptions(assetId));
