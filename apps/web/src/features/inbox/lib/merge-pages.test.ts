import type { NotificationItem, NotificationPage } from '@bw/contracts';
import { InfiniteQueryObserver, QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { type ApiClient, createApiClient } from '../../../lib/api-client';
import { getNotificationPage, INBOX_PAGE_SIZE, inboxQueryOptions } from '../api/notifications';
import { mergeNotificationPages } from './merge-pages';

/**
 * Issue 23, "must show": 45 notifications, pages of 20, 3 new ones arrive between the page
 * requests; the inbox shows 48, each once, newest first. The server here is an in-memory double of
 * `GET /api/v1/notification` (keyset paging on a growing sequence, as notifications.repo does);
 * the client side is the app's own: `getNotificationPage`, the inbox's infinite query options and
 * `mergeNotificationPages`.
 */
const fakeInboxServer = () => {
  let seq = 0;
  const rows: NotificationItem[] = [];
  const arrive = (title = `Mitteilung ${seq + 1}`) => {
    seq += 1;
    rows.unshift({
      id: `00000000-0000-4000-8000-${String(seq).padStart(12, '0')}`,
      cursor: String(seq),
      type: 'text',
      event: 'text.test',
      title,
      body: 'Text',
      link: null,
      data: {},
      sentDate: new Date(Date.UTC(2025, 0, 1, 0, 0, seq)).toISOString(),
      seen: false,
    });
  };
  const requests: string[] = [];
  // The app's own client over an in-memory fetch: the request is the URL the client builds.
  const client: ApiClient = createApiClient(
    async (path) => {
      requests.push(path);
      const url = new URL(path, 'http://localhost');
      const page = Number(url.searchParams.get('page'));
      const pageSize = Number(url.searchParams.get('pageSize'));
      const cursor = url.searchParams.get('cursor');
      const after = cursor ? rows.filter((row) => Number(row.cursor) < Number(cursor)) : rows.slice(page * pageSize);
      const items = after.slice(0, pageSize);
      const body: NotificationPage = {
        items,
        page,
        pageSize,
        nextCursor: after.length > pageSize ? (items.at(-1)?.cursor ?? null) : null,
        unreadCount: rows.length,
      };
      return new Response(JSON.stringify({ data: body }), { status: 200 });
    },
    () => null,
  );
  return { arrive, client, requests };
};

const expectNewestFirstOnce = (items: readonly NotificationItem[]) => {
  expect(new Set(items.map((item) => item.id)).size).toBe(items.length);
  const times = items.map((item) => Date.parse(item.sentDate));
  expect(times).toEqual([...times].sort((a, b) => b - a));
};

describe('inbox pages (mergeNotificationPages)', () => {
  it('45 notifications in pages of 20, 3 arriving between the page requests: the inbox shows 48, each once, newest first', async () => {
    const server = fakeInboxServer();
    for (let i = 0; i < 45; i += 1) server.arrive();
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const observer = new InfiniteQueryObserver(queryClient, {
      ...inboxQueryOptions(),
      queryFn: ({ pageParam }) => getNotificationPage(pageParam.page, pageParam.cursor, server.client),
    });
    const unsubscribe = observer.subscribe(() => {});
    try {
      await observer.refetch();
      const shown = () => mergeNotificationPages(observer.getCurrentResult().data?.pages ?? []);
      expect(shown()).toHaveLength(INBOX_PAGE_SIZE);

      server.arrive('Neu 1');
      server.arrive('Neu 2');
      await observer.fetchNextPage();
      server.arrive('Neu 3');
      await observer.fetchNextPage();
      expect(observer.getCurrentResult().hasNextPage).toBe(false);
      // Keyset pages after page 0 never repeat what the screen shows, however many arrived.
      expect(shown()).toHaveLength(45);
      expectNewestFirstOnce(shown());
      expect(server.requests[1]).toContain('cursor=');

      // The socket's `notification` event invalidates ['notifications']: the inbox refetches its pages.
      await queryClient.invalidateQueries({ queryKey: ['notifications'] });
      const inbox = shown();
      expect(inbox).toHaveLength(48);
      expectNewestFirstOnce(inbox);
      expect(inbox.slice(0, 4).map((item) => item.title)).toEqual(['Neu 3', 'Neu 2', 'Neu 1', 'Mitteilung 45']);
      expect(inbox.at(-1)?.title).toBe('Mitteilung 1');
      expect(observer.getCurrentResult().data?.pages.at(-1)?.unreadCount).toBe(48);
    } finally {
      unsubscribe();
      queryClient.clear();
    }
  });

  it('pages that overlap (bare page numbers after new arrivals) still show each notification once', async () => {
    const server = fakeInboxServer();
    for (let i = 0; i < 45; i += 1) server.arrive();
    const first = await getNotificationPage(0, null, server.client);
    server.arrive('Neu 1');
    server.arrive('Neu 2');
    // Without a cursor page 1 shifts by the two new ones: its first two items are page 0's last two.
    const second = await getNotificationPage(1, null, server.client);
    expect(second.items[0]?.id).toBe(first.items[18]?.id);
    server.arrive('Neu 3');
    const third = await getNotificationPage(2, null, server.client);
    const head = await getNotificationPage(0, null, server.client);

    const inbox = mergeNotificationPages([head, first, second, third]);
    expect(inbox).toHaveLength(48);
    expectNewestFirstOnce(inbox);
    expect(inbox.slice(0, 3).map((item) => item.title)).toEqual(['Neu 3', 'Neu 2', 'Neu 1']);
  });
});
