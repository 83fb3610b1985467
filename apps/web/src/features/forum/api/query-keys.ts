/** Query keys of the forum; every key starts with `forum`, so a realtime `update` refreshes them all. */
export const FORUM_QUERY_ROOT = 'forum';
export const forumMessagesQueryKey = (assetId: string) => [FORUM_QUERY_ROOT, 'messages', assetId] as const;
export const votingsQueryKey = (assetId: string) => [FORUM_QUERY_ROOT, 'votings', assetId] as const;
