// @vitest-environment node
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Server, type Socket as ServerSocket } from 'socket.io';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { connectSocket, type DisconnectReason, type SocketClient } from './socket-client';

/**
 * Our client against a real socket.io 4.8 server (the API's version, its path and payload limit),
 * over the `ws` package's WebSocket. It needs no database, so it runs with the web's unit tests
 * (the `*.integration.test.ts` project covers apps/api and packages only).
 */

const PATH = '/socket.io';
/** Short heartbeats, so a client that does not answer pings would be dropped within the test. */
const PING_INTERVAL_MS = 100;
const PING_TIMEOUT_MS = 100;
const WAIT_LIMIT_MS = 3_000;

let io: Server;
let origin: string;
let client: SocketClient | null = null;

beforeEach(async () => {
  const httpServer = createServer();
  io = new Server(httpServer, {
    path: PATH,
    serveClient: false,
    maxHttpBufferSize: 16_384,
    pingInterval: PING_INTERVAL_MS,
    pingTimeout: PING_TIMEOUT_MS,
  });
  await new Promise<void>((resolve) => httpServer.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(httpServer.address() as AddressInfo).port}`;
});

afterEach(async () => {
  client?.disconnect();
  client = null;
  await io.close();
});

const within = async <T>(what: string, promise: Promise<T>): Promise<T> => {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no ${what} in time`)), WAIT_LIMIT_MS);
  });
  try {
    return await Promise.race([promise, late]);
  } finally {
    clearTimeout(timer);
  }
};

const nextServerSocket = () =>
  within('server connection', new Promise<ServerSocket>((resolve) => io.once('connection', resolve)));

const nextConnect = (socket: SocketClient) =>
  within('client connect', new Promise<void>((resolve) => socket.on('connect', () => resolve())));

const nextDisconnect = (socket: SocketClient) =>
  within('client disconnect', new Promise<DisconnectReason>((resolve) => socket.on('disconnect', resolve)));

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A connected client (jitter-free backoff of 500 ms at first) and the server's side of it. */
const connected = async () => {
  const serverSocket = nextServerSocket();
  const opened = connectSocket({ url: origin, path: PATH, WebSocket, random: () => 0 });
  client = opened;
  await nextConnect(opened);
  return { client: opened, serverSocket: await serverSocket };
};

describe('our Socket.IO client against a socket.io 4.8 server', () => {
  it("connects with the server socket's id", async () => {
    const { client, serverSocket } = await connected();
    expect(client.connected).toBe(true);
    expect(client.id).toBe(serverSocket.id);
  });

  it('receives a broadcast and answers a server event that wants an ack', async () => {
    const { client } = await connected();
    const received = within('broadcast', new Promise((resolve) => client.on('update_assets', resolve)));
    io.emit('update_assets', { assetIds: ['asset-1'] });
    expect(await received).toEqual({ assetIds: ['asset-1'] });
    client.on('question', (value, ack) => {
      if (typeof ack === 'function') ack({ doubled: Number(value) * 2 });
    });
    const answers = await io.timeout(WAIT_LIMIT_MS).emitWithAck('question', 21);
    expect(answers).toEqual([{ doubled: 42 }]);
  });

  it("emits with an ack that gets the server's answer", async () => {
    const { client, serverSocket } = await connected();
    serverSocket.on('announce', (payload: { email?: string; socketId?: string }, ack: (answer: unknown) => void) =>
      ack({ ok: payload.socketId === serverSocket.id, email: payload.email }),
    );
    const answer = await within(
      'ack',
      new Promise((resolve) => client.emit('announce', { email: 'anna@example.at', socketId: client.id }, resolve)),
    );
    expect(answer).toEqual({ ok: true, email: 'anna@example.at' });
  });

  it("answers the server's pings, so the connection outlives several heartbeats", async () => {
    const { client, serverSocket } = await connected();
    const drops: string[] = [];
    serverSocket.on('disconnect', (reason) => drops.push(reason));
    await sleep(4 * (PING_INTERVAL_MS + PING_TIMEOUT_MS));
    expect(drops).toEqual([]);
    expect(serverSocket.connected).toBe(true);
    expect(client.connected).toBe(true);
  });

  it.each([
    ['ends the session', false],
    ['closes the connection', true],
  ])('comes back with a new session when the server %s', async (_, close) => {
    const { client, serverSocket } = await connected();
    const reason = nextDisconnect(client);
    const again = nextServerSocket();
    const reconnected = nextConnect(client);
    serverSocket.disconnect(close);
    expect(await reason).toBe('io server disconnect');
    const next = await again;
    await reconnected;
    expect(client.id).toBe(next.id);
    expect(next.id).not.toBe(serverSocket.id);
  });

  it('disconnect() ends the session on the server, and the client stays away', async () => {
    const { client, serverSocket } = await connected();
    const reason = within('server disconnect', new Promise((resolve) => serverSocket.on('disconnect', resolve)));
    let reconnected = false;
    io.on('connection', () => {
      reconnected = true;
    });
    client.disconnect();
    expect(await reason).toBe('client namespace disconnect');
    expect(client.connected).toBe(false);
    // Longer than the first reconnect delay (500 ms with this jitter).
    await sleep(800);
    expect(reconnected).toBe(false);
    expect(io.engine.clientsCount).toBe(0);
  });
});
