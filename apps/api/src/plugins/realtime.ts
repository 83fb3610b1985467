import type { Server as HttpServer } from 'node:http';
import { announcePayload, realtimeEvents } from '@bw/contracts';
import type { Database } from '@bw/db';
import { createAdapter } from '@socket.io/postgres-adapter';
import type { FastifyBaseLogger } from 'fastify';
import { Server } from 'socket.io';
import { type EventBus, userRoom } from '../lib/event-bus.js';

export const SOCKET_PATH = '/socket.io';
const MAX_SOCKET_PAYLOAD_BYTES = 16_384;

export type Realtime = EventBus & { io: Server | null; close(): Promise<void> };

/**
 * socket.io on the API's own HTTP server. On PostgreSQL the postgres adapter (LISTEN/NOTIFY)
 * fans events out, so a socket connected to any node gets an event published on any other.
 */
export const createRealtime = (options: {
  server: HttpServer;
  database: Database;
  origins: string[];
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
    cors: { origin: options.origins, credentials: true },
  });
  if (options.database.pool) {
    io.adapter(
      createAdapter(options.database.pool, { errorHandler: (err) => options.log.warn({ err }, 'socket adapter') }),
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

  return {
    io,
    publishUserUpdate: (email, reason) => {
      io.to(userRoom(email)).emit(realtimeEvents.update, { reason });
    },
    publishAssetsUpdate: (assetIds) => {
      io.emit(realtimeEvents.updateAssets, { assetIds });
    },
    close: () =>
      new Promise<void>((resolve) => {
        io.close(() => resolve());
      }),
  };
};
