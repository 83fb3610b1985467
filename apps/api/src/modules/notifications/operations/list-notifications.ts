import type { NotificationListQuery, NotificationPage } from '@bw/contracts';
import type { Db } from '@bw/db';
import { countUnread, listNotificationPage, toNotificationItem } from '../notifications.repo.js';

/** `GET /api/v1/notification`: one page, newest first, with the keyset cursor of the next and the unread count. */
export const listNotifications = async (
  db: Db,
  userId: string,
  query: NotificationListQuery,
): Promise<NotificationPage> => {
  // One more than asked tells whether another page follows without a count over the whole inbox.
  const rows = await listNotificationPage(db, {
    userId,
    offset: query.page * query.pageSize,
    limit: query.pageSize + 1,
    cursor: query.cursor,
  });
  const items = rows.slice(0, query.pageSize).map(toNotificationItem);
  const last = items.at(-1);
  return {
    items,
    page: query.page,
    pageSize: query.pageSize,
    nextCursor: rows.length > query.pageSize && last ? last.cursor : null,
    unreadCount: await countUnread(db, userId),
  };
};
