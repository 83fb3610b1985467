import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  CONNECT_TIMEOUT_MS,
  connectSocket,
  type DisconnectReason,
  reconnectDelayMs,
  type SocketClient,
  type SocketOptions,
} from './socket-client';
import { engineUrl } from './socket-packets';

type Listener = (event: { readonly data: unknown }) => void;

/** A WebSocket the test plays the server of: it records what the client sends and delivers frames. */
const fakeWebSockets = () => {
  const sockets: FakeWebSocket[] = [];
  class FakeWebSocket {
    readonly sent: string[] = [];
    closed = false;
    private readonly listeners = new Map<string, Listener[]>();
    constructor(readonly url: string) {
      sockets.push(this);
    }
    addEventListener(type: string, listener: Listener) {
      this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
    }
    send(data: string) {
      this.sent.push(data);
    }
    close() {
      this.closed = true;
    }
    receive(data: unknown) {
      for (const listener of this.listeners.get('message') ?? []) listener({ data });
    }
    /** The connection ends (a network loss or a server that went away). */
    drop() {
      for (const listener of this.listeners.get('error') ?? []) listener({ data: undefined });
      for (const listener of this.listeners.get('close') ?? []) listener({ data: undefined });
    }
  }
  const last = () => {
    const socket = sockets.at(-1);
    if (!socket) throw new Error('no WebSocket opened');
    return socket;
  };
  return { WebSocket: FakeWebSocket, sockets, last };
};

const PING_INTERVAL_MS = 25_000;
const PING_TIMEOUT_MS = 20_000;
const handshake = (maxPayload = 1_000_000) =>
  `0${JSON.stringify({ sid: 'engine-1', upgrades: [], pingInterval: PING_INTERVAL_MS, pingTimeout: PING_TIMEOUT_MS, maxPayload })}`;

let server: ReturnType<typeof fakeWebSockets>;
const clients: SocketClient[] = [];

/** A client with a jitter-free backoff (random 0.5 gives exactly 1 s, 2 s, 4 s, then 5 s). */
const start = (options: Partial<SocketOptions> = {}) => {
  const client = connectSocket({
    url: 'http://localhost:3000',
    path: '/socket.io',
    WebSocket: server.WebSocket,
    random: () => 0.5,
    ...options,
  });
  clients.push(client);
  const events: string[] = [];
  client.on('connect', () => events.push('connect'));
  client.on('disconnect', (reason: DisconnectReason) => events.push(`disconnect: ${reason}`));
  return { client, events };
};

/** The server's side of a successful handshake on the newest WebSocket. */
const accept = (sid = 'socket-1') => {
  server.last().receive(handshake());
  server.last().receive(`40{"sid":"${sid}"}`);
};

const started = (options: Partial<SocketOptions> = {}) => {
  const opened = start(options);
  accept();
  return opened;
};

beforeEach(() => {
  vi.useFakeTimers();
  server = fakeWebSockets();
});

afterEach(() => {
  for (const client of clients.splice(0)) client.disconnect();
  vi.useRealTimers();
});

describe('the socket.io URL', () => {
  it.each([
    ['http://localhost:3000', '/socket.io', 'ws://localhost:3000/socket.io/?EIO=4&transport=websocket'],
    ['https://app.example.at', '/socket.io/', 'wss://app.example.at/socket.io/?EIO=4&transport=websocket'],
    ['https://app.example.at:8443/some/page', '/rt', 'wss://app.example.at:8443/rt/?EIO=4&transport=websocket'],
    ['ws://127.0.0.1:4000', '/socket.io', 'ws://127.0.0.1:4000/socket.io/?EIO=4&transport=websocket'],
  ])('%s with path %s opens %s, as socket.io-client does', (origin, path, url) => {
    expect(engineUrl(origin, path)).toBe(url);
  });

  it("is the page's origin when no URL is given", () => {
    start({ url: undefined });
    expect(server.last().url).toBe(engineUrl(window.location.origin, '/socket.io'));
  });
});

describe('the handshake', () => {
  it('joins the default namespace once the engine is open, and connects with the id of the answer', () => {
    const { client, events } = start();
    const socket = server.last();
    expect(socket.sent).toEqual([]);
    socket.receive(handshake());
    expect(socket.sent).toEqual(['40']);
    expect(client.connected).toBe(false);
    expect(client.id).toBeUndefined();
    socket.receive('40{"sid":"socket-1"}');
    expect(client.connected).toBe(true);
    expect(client.id).toBe('socket-1');
    expect(events).toEqual(['connect']);
  });

  it('gives up an attempt that has not connected within the connect timeout and makes a new one', () => {
    const { client } = start();
    server.last().receive(handshake());
    vi.advanceTimersByTime(CONNECT_TIMEOUT_MS);
    expect(server.sockets[0]?.closed).toBe(true);
    vi.advanceTimersByTime(1_000);
    expect(server.sockets).toHaveLength(2);
    accept();
    expect(client.connected).toBe(true);
  });
});

describe('the heartbeat', () => {
  it("answers each of the server's pings with a pong", () => {
    started();
    server.last().receive('2');
    server.last().receive('2');
    expect(server.last().sent).toEqual(['40', '3', '3']);
  });

  it('drops a connection that gets no ping at all', () => {
    const { client, events } = started();
    vi.advanceTimersByTime(PING_INTERVAL_MS + PING_TIMEOUT_MS);
    expect(client.connected).toBe(false);
    expect(events).toEqual(['connect', 'disconnect: ping timeout']);
  });

  it('keeps a connection whose pings come in time, and drops one whose ping is late', () => {
    const { client, events } = started();
    const deadlineMs = PING_INTERVAL_MS + PING_TIMEOUT_MS;
    vi.advanceTimersByTime(deadlineMs - 1);
    server.last().receive('2');
    vi.advanceTimersByTime(deadlineMs - 1);
    expect(client.connected).toBe(true);
    vi.advanceTimersByTime(1);
    expect(client.connected).toBe(false);
    expect(events).toEqual(['connect', 'disconnect: ping timeout']);
    expect(server.sockets[0]?.closed).toBe(true);
    vi.advanceTimersByTime(1_000);
    expect(server.sockets).toHaveLength(2);
  });
});

describe('events', () => {
  it('passes a server event to the handlers of its name only', () => {
    const { client } = started();
    const updates: unknown[] = [];
    const assets: unknown[] = [];
    client.on('update', (payload) => updates.push(payload));
    client.on('update', (payload) => updates.push(payload));
    client.on('update_assets', (payload) => assets.push(payload));
    server.last().receive('42["update",{"reason":"payment"}]');
    expect(updates).toEqual([{ reason: 'payment' }, { reason: 'payment' }]);
    expect(assets).toEqual([]);
  });

  it('answers a server event that asks for an ack, once', () => {
    const { client } = started();
    client.on('question', (value, ack) => {
      if (typeof ack === 'function') {
        ack({ doubled: Number(value) * 2 });
        ack('again');
      }
    });
    server.last().receive('427["question",21]');
    expect(server.last().sent.slice(1)).toEqual(['437[{"doubled":42}]']);
  });

  it("emits events and calls an ack with the server's answer", () => {
    const { client } = started();
    const answers: unknown[] = [];
    client.emit('announce', { email: 'anna@example.at', socketId: client.id }, (answer: unknown) =>
      answers.push(answer),
    );
    client.emit('announce', { email: 'anna@example.at' }, (answer: unknown) => answers.push(['second', answer]));
    client.emit('plain', 1, 'two');
    expect(server.last().sent.slice(1)).toEqual([
      '420["announce",{"email":"anna@example.at","socketId":"socket-1"}]',
      '421["announce",{"email":"anna@example.at"}]',
      '42["plain",1,"two"]',
    ]);
    server.last().receive('431[{"ok":false}]');
    server.last().receive('430[{"ok":true}]');
    server.last().receive('430[{"ok":"twice"}]');
    expect(answers).toEqual([['second', { ok: false }], { ok: true }]);
  });

  it("drops emits while not connected, and emits larger than the server's maxPayload", () => {
    const { client } = start();
    client.emit('announce', { email: 'anna@example.at' });
    server.last().receive(handshake(64));
    client.emit('announce', { email: 'anna@example.at' });
    server.last().receive('40{"sid":"socket-1"}');
    // 57 characters but 87 bytes: the limit counts bytes.
    client.emit('announce', { email: 'ä'.repeat(30) });
    client.emit('announce', { email: 'ä'.repeat(18) });
    expect(server.last().sent).toEqual(['40', `42["announce",{"email":"${'ä'.repeat(18)}"}]`]);
  });
});

describe('reconnecting', () => {
  it.each([
    [0, 0, 500],
    [0, 0.5, 1_000],
    [0, 0.999, 1_499],
    [1, 0, 1_000],
    [2, 0.5, 4_000],
    [3, 0, 4_000],
    [3, 0.5, 5_000],
    [5_000, 0.5, 5_000],
  ])("attempt %i with random %d waits %i ms (socket.io-client's defaults)", (attempt, random, delayMs) => {
    expect(reconnectDelayMs(attempt, () => random)).toBe(delayMs);
  });

  it('backs off over failed attempts and starts over after a connection stood', () => {
    const { client, events } = started();
    server.last().drop();
    expect(events).toEqual(['connect', 'disconnect: transport close']);
    const waitedMs: number[] = [];
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const opened = server.sockets.length;
      let waited = 0;
      while (server.sockets.length === opened) {
        vi.advanceTimersByTime(100);
        waited += 100;
      }
      waitedMs.push(waited);
      if (attempt < 4) server.last().drop();
    }
    expect(waitedMs).toEqual([1_000, 2_000, 4_000, 5_000, 5_000]);
    accept('socket-2');
    expect(client.id).toBe('socket-2');
    server.last().drop();
    vi.advanceTimersByTime(999);
    const count = server.sockets.length;
    vi.advanceTimersByTime(1);
    expect(server.sockets).toHaveLength(count + 1);
  });

  it.each([
    ['41', 'io server disconnect'],
    ['1', 'transport close'],
  ])("comes back after the server's %s", (frame, reason) => {
    const { client, events } = started();
    server.last().receive(frame);
    expect(events).toEqual(['connect', `disconnect: ${reason}`]);
    expect(client.id).toBeUndefined();
    expect(server.sockets[0]?.closed).toBe(true);
    vi.advanceTimersByTime(1_000);
    accept('socket-2');
    expect(events).toEqual(['connect', `disconnect: ${reason}`, 'connect']);
    expect(client.id).toBe('socket-2');
  });

  it('tries again after a connect error (44), without a disconnect event', () => {
    const { client, events } = start();
    server.last().receive(handshake());
    server.last().receive('44{"message":"not authorized"}');
    expect(server.sockets[0]?.closed).toBe(true);
    vi.advanceTimersByTime(1_000);
    accept();
    expect(client.connected).toBe(true);
    expect(events).toEqual(['connect']);
  });

  it('never comes back after disconnect(), which tells the server', () => {
    const { client, events } = started();
    client.disconnect();
    expect(server.last().sent).toEqual(['40', '41']);
    expect(server.last().closed).toBe(true);
    expect(client.connected).toBe(false);
    expect(events).toEqual(['connect', 'disconnect: io client disconnect']);
    client.emit('announce', {});
    vi.advanceTimersByTime(60_000);
    expect(server.sockets).toHaveLength(1);
  });

  it('ignores what a socket it has dropped still reports', () => {
    const { client, events } = started();
    const updates: unknown[] = [];
    client.on('update', (payload) => updates.push(payload));
    const first = server.last();
    first.receive('41');
    vi.advanceTimersByTime(1_000);
    accept('socket-2');
    first.receive('42["update",{"stale":true}]');
    first.drop();
    expect(updates).toEqual([]);
    expect(client.id).toBe('socket-2');
    expect(events).toEqual(['connect', 'disconnect: io server disconnect', 'connect']);
  });

  it('cancels a planned attempt on disconnect()', () => {
    const { client, events } = started();
    server.last().drop();
    client.disconnect();
    vi.advanceTimersByTime(60_000);
    expect(server.sockets).toHaveLength(1);
    expect(events).toEqual(['connect', 'disconnect: transport close']);
  });
});

describe('malformed input', () => {
  it('ignores bad frames and packets without throwing, and keeps the connection', () => {
    const { client, events } = started();
    const updates: unknown[] = [];
    client.on('update', (payload) => updates.push(payload));
    const frames: unknown[] = [
      '',
      'x',
      '0{"sid":"again"}',
      '4',
      '4x',
      '42',
      '42{"not":"an array"}',
      '42[1,2]',
      '42["update"',
      '43["no ack id"]',
      '499["update"]',
      '42/admin,["update",{}]',
      '42/admin,3["update",{}]',
      '451-["update",{"_placeholder":true,"num":0}]',
      '42["connect"]',
      '42["disconnect","spoofed"]',
      '40{"sid":"other"}',
      new ArrayBuffer(4),
      new Uint8Array([0x34, 0x32]),
      null,
      42,
    ];
    for (const frame of frames) expect(() => server.last().receive(frame)).not.toThrow();
    expect(updates).toEqual([]);
    expect(events).toEqual(['connect']);
    expect(client.id).toBe('socket-1');
    server.last().receive('42/,["update",{"reason":"kept"}]');
    expect(updates).toEqual([{ reason: 'kept' }]);
  });

  it('does not connect on a broken handshake or before the engine is open', () => {
    const { client } = start();
    for (const frame of ['0not json', '0{"sid":1}', '0{"sid":"e","pingInterval":-1,"pingTimeout":1,"maxPayload":1}'])
      server.last().receive(frame);
    server.last().receive('40{"sid":"socket-1"}');
    expect(server.last().sent).toEqual([]);
    expect(client.connected).toBe(false);
  });
});
