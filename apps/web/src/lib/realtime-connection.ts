import * as ops from '@bw/api-client/operations';
import type { realtimeEvents as contractEvents } from '@bw/contracts';
import { afterStart } from './after-start';
import { apiClient, orNull } from './api-client';
import { socketConnectionGuard } from './contract-guards';
import type { SocketClient } from './socket-client';

/**
 * One realtime connection for the whole app (issue 27): the shell's realtime hook, the bulletin
 * board's and the security app's screens all listen on it instead of opening their own. The
 * connection opens with the first listener and closes with the last; a listener that joins an open
 * connection gets the events from then on. Announcing the user happens once per (re)connect.
 * The Socket.IO client stays a lazy chunk (ADR 0012): `open` loads it.
 */
export type RealtimeListener = {
  /** The connection stands (again): what the listener shows may have missed events. */
  readonly onConnect?: () => void;
  readonly onEvent?: (event: string, payload: unknown) => void;
};

export type RealtimeOpener = (
  onConnect: (socket: SocketClient) => void,
  onEvent: (event: string, payload: unknown) => void,
) => Promise<SocketClient | null>;

type Connection = { email: string; listeners: Set<RealtimeListener>; socket: SocketClient | null; closed: boolean };

let current: Connection | null = null;

/**
 * Listens on the app's connection for `email`, opening it with `open` when none stands; answers
 * the function that stops listening. A listener for another user closes the old user's connection.
 */
export const listenRealtime = (email: string, listener: RealtimeListener, open: RealtimeOpener): (() => void) => {
  if (current && current.email !== email) closeRealtime();
  if (!current) {
    const connection: Connection = { email, listeners: new Set(), socket: null, closed: false };
    current = connection;
    void open(
      () => {
        for (const each of [...connection.listeners]) each.onConnect?.();
      },
      (event, payload) => {
        for (const each of [...connection.listeners]) each.onEvent?.(event, payload);
      },
    ).then((socket) => {
      if (connection.closed) socket?.disconnect();
      else connection.socket = socket;
    });
  }
  const connection = current;
  connection.listeners.add(listener);
  return () => {
    connection.listeners.delete(listener);
    if (connection.listeners.size === 0 && current === connection) closeRealtime();
  };
};

/** Ends the app's connection (logout, a switch of user, tests). */
export const closeRealtime = (): void => {
  const connection = current;
  current = null;
  if (!connection) return;
  connection.closed = true;
  connection.listeners.clear();
  connection.socket?.disconnect();
};

/** How many connections are open: at most one (tests). */
export const openRealtimeConnections = (): number => (current ? 1 : 0);

/** Spec section 4's event names (contracts `realtimeEvents`, restated so the shell loads no zod). */
export const REALTIME_EVENTS: typeof contractEvents & { readonly notification: 'notification' } = {
  announce: 'announce',
  update: 'update',
  updateAssets: 'update_assets',
  // Issue 23: the unread count after a new notification or one marked seen (contracts NOTIFICATION_SOCKET_EVENT).
  notification: 'notification',
};

/**
 * The app's opener: after the first screen is shown, asks the API where the connection lives
 * (spec section 7, `user/socketConnection`), loads the client and connects; announces `email` on
 * every (re)connect. Only a server that lists the `websocket` transport gets a connection (ADR 0012).
 */
export const appRealtimeOpener =
  (email: string): RealtimeOpener =>
  async (onConnect, onEvent) => {
    await afterStart();
    const connection = await orNull(apiClient.get(ops.getUserSocketConnection, socketConnectionGuard));
    if (!connection?.transports.includes('websocket')) return null;
    const client = await orNull(import('./socket-client'));
    if (!client) return null;
    const socket = client.connectSocket({ url: connection.url || undefined, path: connection.path });
    socket.on('connect', () => {
      socket.emit(REALTIME_EVENTS.announce, { email, socketId: socket.id });
      onConnect(socket);
    });
    for (const event of [REALTIME_EVENTS.update, REALTIME_EVENTS.updateAssets, REALTIME_EVENTS.notification])
      socket.on(event, (payload: unknown) => onEvent(event, payload));
    return socket;
  };
