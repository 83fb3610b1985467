import type { Server as HttpServer } from 'node:http';
import { announcePayload, realtimeEvents } from '@bw/contracts';
import type { Database } from '@bw/db';
import { createAdapter } from '@socket.io/postgres-adapter';
import type { FastifyBaseLogger } from 'fastify';
import { Server } from 'socket.io';
import { type EventBus, userRoom } from '../lib/event-bus.js';
import type { TrustedOrigins } from './trusted-origins.js';

export const SOCKET_PATH = '/socket.io';
const MAX_SOCKET_PAYLOAD_BYTES = 16_384;
/**
 * Announcements wait this long and go out together (issue 27): on PostgreSQL every emit is a
 * NOTIFY, and a busy market would send one per purchase for the same few assets. Asset updates in
 * the window become one `update_assets` with all their ids; a user's repeated reason goes out once.
 */
export const ANNOUNCE_COALESCE_MS = 50;
/** The contract's limit on the ids of one `update_assets` (packages/contracts realtime). */
const MAX_ASSET_IDS_PER_EVENT = 1000;

/**
 * The pool as the postgres adapter uses it, with its LISTEN connection guarded (issue 41): the
 * adapter holds one connection for LISTEN and listens for its `end` only, so a database restart
 * or a terminated backend raised an unhandled `error` on it, which ended the whole process, and
 * the dead connection kept its slot in the pool. Here an error is logged and the connection given
 * back as broken (the pool drops it); the adapter then connects anew.
 */
type Pool = NonNullable<Database['pool']>;

export const listenerSafePool = (pool: Pool, log: FastifyBaseLogger): Pool =>
  ({
    query: (...args: Parameters<Pool['query']>) => pool.query(...args),
    connect: async () => {
      const client = await pool.connect();
      // Every release goes through here, once, and takes our listeners off: the pool hands the same
      // client to its next user with a release of its own, and an error then is that user's.
      let released = false;
      const release = client.release;
      const onError = (error: Error) => {
        log.warn({ err: error }, 'socket adapter: the LISTEN connection failed, reconnecting');
        giveBack(error);
      };
      const onEnd = () => giveBack(true);
      const giveBack = (error?: Error | boolean) => {
        if (released) return;
        released = true;
        client.off('error', onError);
        client.off('end', onEnd);
        release(error);
      };
      client.on('error', onError);
      client.on('end', onEnd);
      client.release = giveBack;
      return client;
    },
  }) as unknown as Pool;

export type Realtime = EventBus & { io: Server | null; close(): Promise<void> };

/**
 * socket.io on the API's own HTTP server. On PostgreSQL the postgres adapter (LISTEN/NOTIFY)
 * fans events out, so a socket connected to any node gets an event published on any other.
 */
export const createRealtime = (options: {
  server: HttpServer;
  database: Database;
  trustedOrigins: TrustedOrigins;
  log: FastifyBaseLogger;
  /**
   * The user of the session cookie that came with the socket handshake. A socket may only join
   * the room of that user (ADR 0003); without a resolver every announcement is refused.
   */
  resolveSocketUser?: (cookieHeader: string | undefined) => Promise<{ email: string } | null>;
}): Realtime => {
  const io = new Server(options.server, {
    path: SOCKET_PATH,
    serveClient: false,
    maxHttpBufferSize: MAX_SOCKET_PAYLOAD_BYTES,
    cors: {
      origin: (origin, callback) => {
        if (origin === undefined) return callback(null, false);
        options.trustedOrigins.isTrusted(origin).then(
          (trusted) => callback(null, trusted),
          () => callback(null, false),
        );
      },
      credentials: true,
    },
  });
  if (options.database.pool) {
    io.adapter(
      createAdapter(listenerSafePool(options.database.pool, options.log), {
        errorHandler: (err) => options.log.warn({ err }, 'socket adapter'),
      }),
    );
  }

  io.on('connection', (socket) => {
    socket.on(realtimeEvents.announce, async (raw: unknown, ack?: (answer: { ok: boolean }) => void) => {
      const parsed = announcePayload.safeParse(raw);
      if (!parsed.success) {
        ack?.({ ok: false });
        return;
      }
      const owner = await options.resolveSocketUser?.(socket.request.headers.cookie).catch(() => null);
      if (!owner || userRoom(owner.email) !== userRoom(parsed.data.email)) {
        ack?.({ ok: false });
        return;
      }
      // One room per user; a socket announces only one user at a time.
      for (const room of socket.rooms) if (room.startsWith('user:')) await socket.leave(room);
      await socket.join(userRoom(parsed.data.email));
      ack?.({ ok: true });
    });
  });

  const userReasons = new Map<string, Set<string>>();
  const assetIds = new Set<string>();
  let timer: NodeJS.Timeout | null = null;
  const flush = () => {
    timer = null;
    for (const [room, reasons] of userReasons)
      for (const reason of reasons) io.to(room).emit(realtimeEvents.update, { reason });
    userReasons.clear();
    const ids = [...assetIds];
    assetIds.clear();
    for (let start = 0; start < ids.length; start += MAX_ASSET_IDS_PER_EVENT)
      io.emit(realtimeEvents.updateAssets, { assetIds: ids.slice(start, start + MAX_ASSET_IDS_PER_EVENT) });
  };
  const schedule = () => {
    timer ??= setTimeout(flush, ANNOUNCE_COALESCE_MS);
  };

  return {
    io,
    publishUserUpdate: (email, reason) => {
      const room = userRoom(email);
      const reasons = userReasons.get(room) ?? new Set<string>();
      reasons.add(reason);
      userReasons.set(room, reasons);
      schedule();
    },
    publishAssetsUpdate: (ids) => {
      for (const id of ids) assetIds.add(id);
      schedule();
    },
    // Not coalesced: each carries its own state (the unread count after one notification).
    publishUserEvent: (email, event, payload) => {
      io.to(userRoom(email)).emit(event, payload);
    },
    close: () =>
      new Promise<void>((resolve) => {
        if (timer) clearTimeout(timer);
        flush();
        io.close(() => resolve());
      }),
  };
};
