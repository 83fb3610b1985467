import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { NOTIFICATION_SOCKET_EVENT, notificationSocketPayload } from '@bw/contracts';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLoggedInUser } from '../modules/auth/auth.test-support.js';
import { notifyUser } from '../modules/notifications/notify-user.js';
import { type SpawnedServer, spawnServer, waitForReady } from '../test/spawn-server.js';
import { createTestApp, type TestApp } from '../test/test-app.js';
import { createTestDatabase, type TestDatabase, usesPostgres } from '../test/test-database.js';

const connectAndAnnounce = async (baseUrl: string, email: string, cookie: string): Promise<Socket> => {
  const socket = connect(baseUrl, {
    path: '/socket.io',
    transports: ['websocket'],
    reconnection: false,
    extraHeaders: { cookie },
  });
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('connect_error', reject);
  });
  const ack = await socket.timeout(5000).emitWithAck('announce', { email, socketId: socket.id });
  expect(ack).toEqual({ ok: true });
  return socket;
};

/** The next `event` (whose payload `matches`, when given: other announcements may come first). */
const nextEvent = (socket: Socket, event: string, timeoutMs = 10_000, matches?: (payload: unknown) => boolean) =>
  new Promise<unknown>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no ${event} within ${timeoutMs} ms`)), timeoutMs);
    const listener = (payload: unknown) => {
      if (matches && !matches(payload)) return;
      clearTimeout(timer);
      socket.off(event, listener);
      resolve(payload);
    };
    socket.on(event, listener);
  });

const listen = async (t: TestApp): Promise<string> => {
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  return `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
};

describe('realtime on one node', () => {
  let t: TestApp;
  let baseUrl: string;
  beforeAll(async () => {
    t = await createTestApp();
    baseUrl = await listen(t);
  });
  afterAll(() => t.close());

  it('sends update only to the announced user and update_assets to everyone', async () => {
    const annaUser = await createLoggedInUser(t.app, { email: 'anna@example.at' });
    const benUser = await createLoggedInUser(t.app, { email: 'ben@example.at' });
    const anna = await connectAndAnnounce(baseUrl, 'Anna@Example.at', annaUser.headers.cookie);
    const ben = await connectAndAnnounce(baseUrl, 'ben@example.at', benUser.headers.cookie);
    // Their own sign-ups announce themselves too (coalesced, so possibly after the connect); Anna's
    // `balance` is what must reach Anna and never Ben.
    let benGotUpdate = false;
    ben.on('update', (payload: { reason?: string }) => {
      if (payload.reason === 'balance') benGotUpdate = true;
    });
    const annaUpdate = nextEvent(
      anna,
      'update',
      10_000,
      (payload) => (payload as { reason?: string }).reason === 'balance',
    );
    t.app.bus.publishUserUpdate('anna@example.at', 'balance');
    expect(await annaUpdate).toEqual({ reason: 'balance' });

    const both = Promise.all([nextEvent(anna, 'update_assets'), nextEvent(ben, 'update_assets')]);
    t.app.bus.publishAssetsUpdate(['asset-1']);
    expect(await both).toEqual([{ assetIds: ['asset-1'] }, { assetIds: ['asset-1'] }]);
    expect(benGotUpdate).toBe(false);
    anna.close();
    ben.close();
  });

  it("pushes the unread count to the user's socket when a notification is created for them, not to another user's", async () => {
    const dora = await createLoggedInUser(t.app, { email: 'dora@example.at' });
    const emil = await createLoggedInUser(t.app, { email: 'emil@example.at' });
    const doraSocket = await connectAndAnnounce(baseUrl, 'dora@example.at', dora.headers.cookie);
    const emilSocket = await connectAndAnnounce(baseUrl, 'emil@example.at', emil.headers.cookie);
    const emilGot: unknown[] = [];
    emilSocket.on(NOTIFICATION_SOCKET_EVENT, (payload: unknown) => emilGot.push(payload));
    const notify = (title: string) =>
      t.app.db.transaction((tx) =>
        notifyUser(tx, t.app.outbox, {
          userId: dora.userId,
          key: `realtime-test:${randomUUID()}`,
          type: 'text',
          event: 'text.test',
          title,
          body: 'Text',
        }),
      );
    try {
      const first = nextEvent(doraSocket, NOTIFICATION_SOCKET_EVENT);
      const firstId = await notify('Erste');
      // The delivery is an outbox job after the commit (notify-user.ts): the relay runs it.
      await t.app.outboxRelay.drain();
      expect(notificationSocketPayload.parse(await first)).toEqual({ unreadCount: 1, id: firstId });

      const second = nextEvent(doraSocket, NOTIFICATION_SOCKET_EVENT);
      const secondId = await notify('Zweite');
      await t.app.outboxRelay.drain();
      expect(await second).toEqual({ unreadCount: 2, id: secondId });

      // Marking one seen pushes the lower count as well (the badge of her other screens falls).
      const lowered = nextEvent(doraSocket, NOTIFICATION_SOCKET_EVENT);
      const seen = await t.app.inject({
        method: 'POST',
        url: `/api/v1/notification/${firstId}/seen`,
        headers: dora.headers,
        payload: {},
      });
      expect(seen.statusCode, seen.body).toBe(200);
      await t.app.outboxRelay.drain();
      expect(await lowered).toMatchObject({ unreadCount: 1 });

      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(emilGot).toEqual([]);
    } finally {
      doraSocket.close();
      emilSocket.close();
    }
  });

  it("refuses to join another user's room, or any room without a session cookie (ADR 0003)", async () => {
    const mallory = await createLoggedInUser(t.app, { email: 'mallory@example.at' });
    const asOther = connect(baseUrl, {
      path: '/socket.io',
      transports: ['websocket'],
      reconnection: false,
      extraHeaders: { cookie: mallory.headers.cookie },
    });
    await new Promise<void>((resolve) => asOther.once('connect', resolve));
    expect(await asOther.timeout(5000).emitWithAck('announce', { email: 'anna@example.at', socketId: 'x' })).toEqual({
      ok: false,
    });
    let leaked = false;
    asOther.on('update', () => {
      leaked = true;
    });
    const guest = connect(baseUrl, { path: '/socket.io', transports: ['websocket'], reconnection: false });
    await new Promise<void>((resolve) => guest.once('connect', resolve));
    expect(await guest.timeout(5000).emitWithAck('announce', { email: 'anna@example.at', socketId: 'y' })).toEqual({
      ok: false,
    });
    t.app.bus.publishUserUpdate('anna@example.at', 'balance');
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(leaked).toBe(false);
    asOther.close();
    guest.close();
  });

  it('refuses an announcement that is not an e-mail', async () => {
    const socket = connect(baseUrl, { path: '/socket.io', transports: ['websocket'], reconnection: false });
    await new Promise<void>((resolve) => socket.once('connect', resolve));
    expect(await socket.timeout(5000).emitWithAck('announce', { email: 'not-mail', socketId: 'x' })).toEqual({
      ok: false,
    });
    socket.close();
  });
});

// Fan-out across nodes goes through PostgreSQL LISTEN/NOTIFY, which the embedded PGlite default does not have.
describe.runIf(usesPostgres())('realtime across two server processes on one PostgreSQL', () => {
  let database: TestDatabase;
  let local: TestApp;
  let localUrl: string;
  let remote: SpawnedServer;
  const remotePort = 3900 + (process.pid % 90);
  const remoteUrl = `http://127.0.0.1:${remotePort}`;

  beforeAll(async () => {
    database = await createTestDatabase();
    local = await createTestApp({ database });
    localUrl = await listen(local);
    remote = spawnServer({
      DATABASE_URL: database.connectionString ?? '',
      PORT: String(remotePort),
      HOST: '127.0.0.1',
      WORKER: 'false',
      SEED: 'none',
      WEB_DIST_DIR: '/nonexistent',
    });
    await waitForReady(remoteUrl, remote);
  });
  afterAll(async () => {
    await remote?.stop();
    await local?.close();
    await database?.close();
  });

  it('delivers an update published on one process to a socket connected to the other', async () => {
    const carla = await createLoggedInUser(local.app, { email: 'carla@example.at' });
    const socket = await connectAndAnnounce(remoteUrl, 'carla@example.at', carla.headers.cookie);
    // Carla's own sign-up announced itself too (e.g. `password`); the one published here is awaited.
    const update = nextEvent(
      socket,
      'update',
      10_000,
      (payload) => (payload as { reason?: string }).reason === 'transaction',
    );
    const assets = nextEvent(socket, 'update_assets');
    // The adapter's subscription needs a moment after the connect; publish until it arrives.
    const publisher = setInterval(() => {
      local.app.bus.publishUserUpdate('carla@example.at', 'transaction');
      local.app.bus.publishAssetsUpdate(['a1']);
    }, 250);
    try {
      expect(await update).toEqual({ reason: 'transaction' });
      expect(await assets).toEqual({ assetIds: ['a1'] });
    } finally {
      clearInterval(publisher);
      socket.close();
    }
    expect(localUrl).not.toBe(remoteUrl);
  });
});
