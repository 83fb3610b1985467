import { randomUUID } from 'node:crypto';
import type { NotificationItem, NotificationPage } from '@bw/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { createLoggedInUser, type LoggedIn } from '../auth/auth.test-support.js';
import { answerInApp, createInvestor, createPrimaryAsset } from '../primary-market/primary-market.test-support.js';
import { notifyUser } from './notify-user.js';

/**
 * Issue 23, "must show": 45 notifications, pages of 20, 3 new ones arrive between the page
 * requests; the client, appending pages and refreshing the head, shows 48 without duplicates.
 * Plus the 404s, the validation and the unread count.
 */
let t: TestApp;
let counter = 0;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const notify = (userId: string, title = `Mitteilung ${++counter}`) =>
  t.app.db.transaction((tx) =>
    notifyUser(tx, t.app.outbox, {
      userId,
      key: `test:${randomUUID()}`,
      type: 'text',
      event: 'text.test',
      title,
      body: 'Text',
    }),
  );

const page = async (user: LoggedIn, query: Record<string, string>) => {
  const res = await t.app.inject({ url: '/api/v1/notification', headers: user.headers, query });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as NotificationPage;
};

/** What the web client does (features/inbox): append a page, ignore what it already shows. */
const merge = (shown: NotificationItem[], incoming: NotificationItem[]) => {
  const ids = new Set(shown.map((item) => item.id));
  return [...shown, ...incoming.filter((item) => !ids.has(item.id))];
};

describe('GET /api/v1/notification', () => {
  it('pages 45 + 3 arriving notifications without a duplicate or a gap', async () => {
    const user = await createLoggedInUser(t.app);
    for (let i = 0; i < 45; i += 1) await notify(user.userId);

    const first = await page(user, { page: '0', pageSize: '20' });
    expect(first.items).toHaveLength(20);
    expect(first.unreadCount).toBe(45);
    let shown = first.items;

    await notify(user.userId, 'Neu 1');
    await notify(user.userId, 'Neu 2');
    const second = await page(user, { page: '1', pageSize: '20', cursor: first.nextCursor ?? '' });
    await notify(user.userId, 'Neu 3');
    const third = await page(user, { page: '2', pageSize: '20', cursor: second.nextCursor ?? '' });
    expect(second.items).toHaveLength(20);
    expect(third.items).toHaveLength(5);
    expect(third.nextCursor).toBeNull();
    // Keyset pages never repeat an item, however many arrived meanwhile.
    const paged = [...first.items, ...second.items, ...third.items].map((item) => item.id);
    expect(new Set(paged).size).toBe(45);
    shown = merge(merge(shown, second.items), third.items);

    // The socket's notification event makes the client reload page 0; it merges the new head.
    const head = await page(user, { page: '0', pageSize: '20' });
    shown = merge(head.items, shown);
    expect(shown).toHaveLength(48);
    expect(new Set(shown.map((item) => item.id)).size).toBe(48);
    expect(shown.slice(0, 3).map((item) => item.title)).toEqual(['Neu 3', 'Neu 2', 'Neu 1']);
    expect(head.unreadCount).toBe(48);

    // Bare page numbers (the spec's client) shift when new ones arrive: that is why the cursor exists.
    const bare = await page(user, { page: '1', pageSize: '20' });
    expect(bare.items[0]?.id).toBe(first.items[17]?.id);
  });

  it('answers 401 without a session, before validating anything', async () => {
    const res = await t.app.inject({ url: '/api/v1/notification', query: { pageSize: 'viele' } });
    expect(res.statusCode).toBe(401);
  });

  it('refuses a bad page size or cursor with 400', async () => {
    const user = await createLoggedInUser(t.app);
    const queries: Record<string, string>[] = [
      { pageSize: '0' },
      { pageSize: '500' },
      { page: '-1' },
      { cursor: 'abc' },
    ];
    for (const query of queries) {
      const res = await t.app.inject({ url: '/api/v1/notification', headers: user.headers, query });
      expect(res.statusCode, JSON.stringify(query)).toBe(400);
      expect(res.json().error.code).toBe('VALIDATION_FAILED');
    }
  });
});

describe('POST /api/v1/notification/{id}/seen', () => {
  it('sets seen and lowers the unread count; a second time changes nothing', async () => {
    const user = await createLoggedInUser(t.app);
    const id = await notify(user.userId);
    await notify(user.userId);
    const seen = await t.app.inject({ method: 'POST', url: `/api/v1/notification/${id}/seen`, headers: user.headers });
    expect(seen.statusCode, seen.body).toBe(200);
    expect(seen.json().data).toEqual({ id, seen: true, unreadCount: 1 });
    const again = await t.app.inject({ method: 'POST', url: `/api/v1/notification/${id}/seen`, headers: user.headers });
    expect(again.json().data.unreadCount).toBe(1);
    const list = await page(user, {});
    expect(list.items.find((item) => item.id === id)?.seen).toBe(true);
  });

  it("answers 404 for an unknown id and for another user's notification, 400 for a malformed id", async () => {
    const owner = await createLoggedInUser(t.app);
    const other = await createLoggedInUser(t.app);
    const id = await notify(owner.userId);
    const foreign = await t.app.inject({
      method: 'POST',
      url: `/api/v1/notification/${id}/seen`,
      headers: other.headers,
    });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().error).toMatchObject({
      code: 'NOTIFICATION_NOT_FOUND',
      message: 'Diese Mitteilung gibt es nicht.',
    });
    const unknown = await t.app.inject({
      method: 'POST',
      url: `/api/v1/notification/${randomUUID()}/seen`,
      headers: other.headers,
    });
    expect(unknown.statusCode).toBe(404);
    const malformed = await t.app.inject({
      method: 'POST',
      url: '/api/v1/notification/nope/seen',
      headers: other.headers,
    });
    expect(malformed.statusCode).toBe(400);
    // The owner's stays unread.
    expect((await page(owner, {})).unreadCount).toBe(1);
  });

  it('the same event key twice is one notification', async () => {
    const user = await createLoggedInUser(t.app);
    const input = {
      userId: user.userId,
      key: `once:${randomUUID()}`,
      type: 'text' as const,
      event: 'x',
      title: 'A',
      body: 'B',
    };
    const first = await t.app.db.transaction((tx) => notifyUser(tx, t.app.outbox, input));
    const second = await t.app.db.transaction((tx) => notifyUser(tx, t.app.outbox, input));
    expect(first).not.toBeNull();
    expect(second).toBeNull();
    expect((await page(user, {})).items).toHaveLength(1);
  });
});

describe('delivery', () => {
  it('pushes where enabled (sandbox push in the dev mailbox) and e-mails as the fallback', async () => {
    const user = await createLoggedInUser(t.app);
    const settings = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/notification/settings',
      headers: user.headers,
      payload: { settings: [{ type: 'text', push: true, email: true }] },
    });
    expect(settings.statusCode, settings.body).toBe(200);
    const stored = await t.app.inject({ url: '/api/v1/notification/settings', headers: user.headers });
    const byType = new Map(
      (stored.json().data.settings as { type: string; push: boolean; email: boolean }[]).map((row) => [row.type, row]),
    );
    expect(byType.get('text')).toEqual({ type: 'text', push: true, email: true });
    // Untouched types keep the defaults: push off, e-mail for money events.
    expect(byType.get('payout')).toEqual({ type: 'payout', push: false, email: true });
    expect(byType.get('forum')).toEqual({ type: 'forum', push: false, email: false });
    const subscription = JSON.stringify({
      endpoint: 'https://push.example.test/send/abc',
      keys: { p256dh: 'BKey', auth: 'auth' },
    });
    const token = await t.app.inject({
      method: 'POST',
      url: '/api/v1/user/pushToken',
      headers: user.headers,
      payload: { pushToken: subscription },
    });
    expect(token.statusCode, token.body).toBe(200);
    expect(token.json().data.kind).toBe('webpush');
    await notify(user.userId, 'Wichtig');
    await t.app.outboxRelay.drain();
    const mailbox = await t.app.inject({ url: '/api/v1/dev/mailbox', query: { recipient: user.email } });
    const messages = mailbox.json().data as { channel: string; subject: string }[];
    expect(
      messages
        .filter((m) => m.subject === 'Wichtig')
        .map((m) => m.channel)
        .sort(),
    ).toEqual(['email', 'push']);
  });

  it('refuses a push token that is neither a Web Push subscription nor an FCM token', async () => {
    const user = await createLoggedInUser(t.app);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/user/pushToken',
      headers: user.headers,
      payload: { pushToken: 'kurz' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('PUSH_TOKEN_INVALID');
  });
});

describe('channels', () => {
  it('subscribes, reads and unsubscribes an asset channel; an unknown asset is 404', async () => {
    const user = await createLoggedInUser(t.app);
    const [asset] = (await t.app.db.query.assets.findMany({ limit: 1 })) ?? [];
    const assetId = asset?.id;
    if (!assetId) throw new Error('the test database has no asset');
    const on = await t.app.inject({
      method: 'POST',
      url: `/api/v1/channel/subscribe/${assetId}:news`,
      headers: user.headers,
    });
    expect(on.statusCode, on.body).toBe(200);
    expect(on.json().data).toMatchObject({ subscribed: true, topics: ['news'] });
    const all = await t.app.inject({ url: `/api/v1/channel/subscribe/${assetId}`, headers: user.headers });
    expect(all.json().data).toMatchObject({ subscribed: false, topics: ['news'] });
    const off = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/channel/subscribe/${assetId}:news`,
      headers: user.headers,
    });
    expect(off.json().data.subscribed).toBe(false);
    const unknown = await t.app.inject({
      method: 'POST',
      url: '/api/v1/channel/subscribe/gibt-es-nicht',
      headers: user.headers,
    });
    expect(unknown.statusCode).toBe(404);
    const bad = await t.app.inject({
      method: 'POST',
      url: `/api/v1/channel/subscribe/${assetId}:wetter`,
      headers: user.headers,
    });
    expect(bad.statusCode).toBe(400);
  });
});

describe('events that notify', () => {
  it('a settled purchase from the issuer lands unread in the inbox, once', async () => {
    const assetId = await createPrimaryAsset(t.app.db, { availableShares: 50, pricePerShareCents: 10_000n });
    const investor = await createInvestor(t.app, { cashCents: 500_000n });
    const init = await t.app.inject({
      method: 'POST',
      url: `/api/v1/assets/initInvestment/${assetId}`,
      headers: investor.headers,
      payload: { acknowledgedAppropriateness: true, shares: 3 },
    });
    expect(init.statusCode, init.body).toBe(200);
    expect((await page(investor, {})).items).toHaveLength(0);
    const signed = await answerInApp(t.app, investor, init.json().data.signingRequestId);
    expect(signed.statusCode).toBe(200);
    const inbox = await page(investor, {});
    expect(inbox.unreadCount).toBe(1);
    expect(inbox.items[0]).toMatchObject({
      type: 'purchase',
      event: 'purchase.settled',
      title: 'Kauf abgeschlossen',
      seen: false,
    });
    expect(inbox.items[0]?.body).toContain('3 Anteile');
    expect(inbox.items[0]?.body).toContain('300,00');
  });
});
