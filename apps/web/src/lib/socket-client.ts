import {
  CONNECT_PACKET,
  DISCONNECT_PACKET,
  decodeSocketPacket,
  type EngineHandshake,
  encodeAck,
  encodeEvent,
  enginePacket,
  engineUrl,
  parseHandshake,
  type SocketPacket,
} from './socket-packets';

/**
 * A Socket.IO client of our own (ADR 0012), for the API's socket.io 4.8 server: Engine.IO v4 over the
 * browser's WebSocket only (no long-polling, no upgrade), Socket.IO v5, the default namespace only,
 * text packets only. socket.io-client did the same in 13 KB gzip and a long evaluation task on a
 * phone (issue 6).
 *
 * - Cookies: a browser sends the page's cookies with a WebSocket handshake by itself, so the server's
 *   cookie check (resolveSocketUser) works as before. socket.io-client's `withCredentials` only
 *   concerns its XHR long-polling; a WebSocket has no such switch.
 * - Emits while not connected are dropped, not buffered: the realtime hook emits only in its
 *   `connect` handler, and an event meant for a connection that is gone has no meaning for the next.
 *   So is an emit larger than the server's `maxPayload` (the server would end the connection).
 * - After an unexpected end (a closed WebSocket, a missed ping, a `41` or `44` from the server, no
 *   connection within CONNECT_TIMEOUT_MS) it connects again, without limit, after socket.io-client's
 *   default backoff; never after `disconnect()`. Unlike socket.io-client it also comes back after the
 *   server's `41`: this server never sends one on purpose, and a user without realtime until the
 *   next reload is worse than a reconnect.
 */

/** socket.io-client's defaults: reconnectionDelay, reconnectionDelayMax, randomizationFactor. */
export const RECONNECT_DELAY_MS = 1_000;
export const RECONNECT_DELAY_MAX_MS = 5_000;
export const RECONNECT_RANDOMIZATION = 0.5;
/** socket.io-client's `timeout`: an attempt not connected by then is given up and made again. */
export const CONNECT_TIMEOUT_MS = 20_000;
/** 2^10 × 1 s is far past the maximum delay; a larger exponent only risks Infinity. */
const MAX_BACKOFF_EXPONENT = 10;
/** setTimeout runs a longer delay at once. */
const MAX_TIMER_MS = 2_147_483_647;

/** What of a WebSocket this client uses; the browser's and the `ws` package's both fit. */
export type WebSocketLike = {
  addEventListener(type: 'message', listener: (event: { readonly data: unknown }) => void): void;
  addEventListener(type: 'close' | 'error', listener: () => void): void;
  send(data: string): void;
  close(): void;
};
export type WebSocketConstructor = new (url: string) => WebSocketLike;

export type SocketOptions = {
  /** The server's origin; default the page's. A path in it is ignored (it would name a namespace). */
  readonly url?: string;
  /** The server's socket.io path, e.g. `/socket.io`. */
  readonly path: string;
  readonly WebSocket?: WebSocketConstructor;
  /** For the backoff's jitter; a number in [0, 1). */
  readonly random?: () => number;
};

export type DisconnectReason =
  | 'io client disconnect'
  | 'io server disconnect'
  | 'transport close'
  | 'ping timeout'
  | 'connect error'
  | 'connect timeout';

type Handler = (...args: never[]) => void;

export type SocketClient = {
  /** The Socket.IO session id from the server's connect answer; undefined while not connected. */
  readonly id: string | undefined;
  readonly connected: boolean;
  on(event: 'connect', handler: () => void): void;
  on(event: 'disconnect', handler: (reason: DisconnectReason) => void): void;
  /** A server event; when the server asked for an answer, the last argument is the ack function. */
  on(event: string, handler: (...args: unknown[]) => void): void;
  /** A function as the last argument is called with the server's answer (`42<id>[...]` → `43<id>[...]`). */
  emit(event: string, ...args: unknown[]): void;
  disconnect(): void;
};

/**
 * The delay before reconnect attempt `attempt` (0 for the first after a connection ended):
 * 1 s doubling per attempt, ±50 %, at most 5 s, as socket.io-client's Backoff.
 */
export const reconnectDelayMs = (attempt: number, random: () => number): number => {
  const baseMs = RECONNECT_DELAY_MS * 2 ** Math.min(attempt, MAX_BACKOFF_EXPONENT);
  const jitterMs = baseMs * RECONNECT_RANDOMIZATION * (2 * random() - 1);
  return Math.min(Math.round(baseMs + jitterMs), RECONNECT_DELAY_MAX_MS);
};

/** Socket.IO's own lifecycle names; an event of that name from the wire is not passed on. */
const RESERVED_EVENTS: ReadonlySet<string> = new Set(['connect', 'connect_error', 'disconnect', 'disconnecting']);

type Timer = ReturnType<typeof setTimeout>;

export const connectSocket = (options: SocketOptions): SocketClient => {
  const WebSocketImpl = options.WebSocket ?? globalThis.WebSocket;
  const random = options.random ?? Math.random;
  const url = engineUrl(options.url ?? window.location.origin, options.path);
  const handlers = new Map<string, Set<Handler>>();
  const acks = new Map<number, (...args: unknown[]) => void>();
  let nextAckId = 0;
  let ws: WebSocketLike | null = null;
  let handshake: EngineHandshake | null = null;
  let id: string | undefined;
  let stopped = false;
  let attempt = 0;
  let attemptTimer: Timer | undefined;
  let retryTimer: Timer | undefined;
  let pingTimer: Timer | undefined;

  const dispatch = (event: string, args: unknown[]) => {
    for (const handler of [...(handlers.get(event) ?? [])]) (handler as (...args: unknown[]) => void)(...args);
  };

  /** Ends the current connection and, unless `disconnect()` was called, plans the next one. */
  const drop = (reason: DisconnectReason) => {
    const socket = ws;
    const wasConnected = id !== undefined;
    ws = null;
    handshake = null;
    id = undefined;
    acks.clear();
    clearTimeout(attemptTimer);
    clearTimeout(pingTimer);
    socket?.close();
    if (!stopped) {
      retryTimer = setTimeout(open, reconnectDelayMs(attempt, random));
      attempt += 1;
    }
    if (wasConnected) dispatch('disconnect', [reason]);
  };

  /** The server pings every pingInterval; one that is pingTimeout late means the connection is dead. */
  const expectPing = () => {
    if (!handshake) return;
    clearTimeout(pingTimer);
    const deadlineMs = Math.min(handshake.pingIntervalMs + handshake.pingTimeoutMs, MAX_TIMER_MS);
    pingTimer = setTimeout(() => drop('ping timeout'), deadlineMs);
  };

  const send = (frame: string) => ws?.send(frame);

  const onSocketPacket = (packet: SocketPacket) => {
    switch (packet.type) {
      case 'connect':
        if (id !== undefined) return;
        id = packet.sid;
        attempt = 0;
        clearTimeout(attemptTimer);
        dispatch('connect', []);
        return;
      case 'disconnect':
        drop('io server disconnect');
        return;
      case 'connectError':
        drop('connect error');
        return;
      case 'event': {
        if (id === undefined || RESERVED_EVENTS.has(packet.name)) return;
        const { ackId } = packet;
        if (ackId === null) {
          dispatch(packet.name, packet.args);
          return;
        }
        const socket = ws;
        let answered = false;
        const answer = (...args: unknown[]) => {
          if (answered || ws !== socket) return;
          answered = true;
          send(encodeAck(ackId, args));
        };
        dispatch(packet.name, [...packet.args, answer]);
        return;
      }
      case 'ack': {
        const callback = acks.get(packet.ackId);
        acks.delete(packet.ackId);
        callback?.(...packet.args);
        return;
      }
      default:
        packet satisfies never;
    }
  };

  const onFrame = (data: unknown) => {
    // Binary frames carry attachments of binary events, which our realtime contract has none of.
    if (typeof data !== 'string') return;
    switch (data[0]) {
      case enginePacket.open:
        if (handshake) return;
        handshake = parseHandshake(data.slice(1));
        if (!handshake) return;
        expectPing();
        send(CONNECT_PACKET);
        return;
      case enginePacket.ping:
        if (!handshake) return;
        send(enginePacket.pong);
        expectPing();
        return;
      case enginePacket.close:
        drop('transport close');
        return;
      case enginePacket.message: {
        const packet = handshake ? decodeSocketPacket(data.slice(1)) : null;
        if (packet) onSocketPacket(packet);
        return;
      }
      default:
      // pong, upgrade and noop mean nothing to a client that starts on the WebSocket.
    }
  };

  const open = () => {
    let socket: WebSocketLike;
    try {
      socket = new WebSocketImpl(url);
    } catch {
      drop('transport close');
      return;
    }
    ws = socket;
    // A socket this client has dropped may still report; only the current one counts.
    socket.addEventListener('message', (event) => {
      if (ws === socket) onFrame(event.data);
    });
    socket.addEventListener('close', () => {
      if (ws === socket) drop('transport close');
    });
    // A failure is reported as error, then close; the `ws` package throws an error nobody listens to.
    socket.addEventListener('error', () => {});
    attemptTimer = setTimeout(() => drop('connect timeout'), CONNECT_TIMEOUT_MS);
  };

  const on = (event: string, handler: Handler) => {
    const set = handlers.get(event) ?? new Set<Handler>();
    set.add(handler);
    handlers.set(event, set);
  };

  const emit = (event: string, ...args: unknown[]) => {
    if (id === undefined || !handshake) return;
    const last = args.at(-1);
    const ackId = typeof last === 'function' ? nextAckId++ : null;
    const frame = encodeEvent(event, ackId === null ? args : args.slice(0, -1), ackId);
    if (new TextEncoder().encode(frame).byteLength > handshake.maxPayloadBytes) return;
    if (ackId !== null) acks.set(ackId, last as (...answer: unknown[]) => void);
    send(frame);
  };

  const disconnect = () => {
    if (stopped) return;
    stopped = true;
    clearTimeout(retryTimer);
    if (id !== undefined) send(DISCONNECT_PACKET);
    drop('io client disconnect');
  };

  open();
  return {
    get id() {
      return id;
    },
    get connected() {
      return id !== undefined;
    },
    on,
    emit,
    disconnect,
  };
};
