import type { Db } from '@bw/db';
import { arrayParam, queryRows } from '@bw/db';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { beforeCommit } from '../lib/after-commit.js';
import type { EventBus } from '../lib/event-bus.js';
import { currentRequestId } from '../lib/request-context.js';
import type { SettlementRegistry } from '../platform/settlements.js';
import type { Providers } from '../providers/index.js';
import { ProviderError } from '../providers/messaging/messaging-provider.js';
import { type JobRegistry, type Outbox, retryDelayMs } from './registry.js';

/** A claimed row stays leased this long; a crashed relay's rows are picked up again after it. */
const LEASE_MS = 30_000;
const BATCH_SIZE = 20;
const MAX_ERROR_LENGTH = 500;

export type { Outbox } from './registry.js';

type PendingRow = { topic: string; key: string; payload: string; requestId: string | null };

/** The rows a `transactionThen` transaction enqueued, written together just before its commit. */
const pendingRows = new WeakMap<Db, PendingRow[]>();

/** One INSERT for many rows; the first row of a key wins, as with single inserts. */
const insertRows = async (tx: Db, rows: PendingRow[]): Promise<void> => {
  if (rows.length === 0) return;
  const column = <K extends keyof PendingRow>(name: K) => arrayParam(rows.map((row) => row[name]));
  await queryRows(
    tx,
    sql`INSERT INTO outbox (topic, key, payload, request_id)
      SELECT r.topic, r.key, r.payload::jsonb, r.request_id
      FROM unnest(${column('topic')}::text[], ${column('key')}::text[], ${column('payload')}::text[], ${column('requestId')}::text[])
        WITH ORDINALITY AS r (topic, key, payload, request_id, ord)
      ORDER BY r.ord
      ON CONFLICT (key) DO NOTHING`,
  );
};

export const createOutbox = (registry: JobRegistry): Outbox => ({
  enqueue: async (tx, topic, key, payload) => {
    const definition = registry.get(topic);
    if (!definition) throw new Error(`Unknown outbox topic "${topic}"`);
    const parsed = definition.payload.parse(payload);
    const row = { topic, key, payload: JSON.stringify(parsed), requestId: currentRequestId() };
    const pending = pendingRows.get(tx);
    if (pending) {
      if (!pending.some((other) => other.key === key)) pending.push(row);
      return;
    }
    const collected = [row];
    // In a transaction of `transactionThen` the rows go in one statement before the commit
    // (issue 27); anywhere else each row is written at once.
    // A row enqueued once the flush has begun starts a flush of its own.
    const flush = () => {
      pendingRows.delete(tx);
      return insertRows(tx, collected);
    };
    if (beforeCommit(tx, flush)) pendingRows.set(tx, collected);
    else await insertRows(tx, collected);
  },
  enqueueMany: async (tx, topic, rows) => {
    const definition = registry.get(topic);
    if (!definition) throw new Error(`Unknown outbox topic "${topic}"`);
    if (rows.length === 0) return;
    const payloads = rows.map((row) => JSON.stringify(definition.payload.parse(row.payload)));
    await queryRows(
      tx,
      sql`INSERT INTO outbox (topic, key, payload, request_id)
        SELECT ${topic}, r.key, r.payload::jsonb, ${currentRequestId()} FROM unnest(${arrayParam(rows.map((row) => row.key))}::text[], ${arrayParam(payloads)}::text[]) AS r (key, payload)
        ON CONFLICT (key) DO NOTHING`,
    );
  },
});

type ClaimedRow = Record<string, unknown> & {
  id: string;
  key: string;
  topic: string;
  payload: unknown;
  attempts: number;
  request_id: string | null;
};

export type OutboxRelay = {
  /** Delivers every row that is due now; resolves with the number handled (delivered or given up). */
  drain(): Promise<number>;
  start(): void;
  stop(): Promise<void>;
};

export const createOutboxRelay = (options: {
  db: Db;
  registry: JobRegistry;
  providers: Providers;
  bus: EventBus;
  settlements: SettlementRegistry;
  log: FastifyBaseLogger;
  pollMs: number;
}): OutboxRelay => {
  const { db, registry, log } = options;
  const outbox = createOutbox(registry);

  const claim = async (): Promise<ClaimedRow[]> => {
    return queryRows<ClaimedRow>(
      db,
      sql`
      UPDATE outbox SET locked_until = now() + make_interval(secs => ${LEASE_MS / 1000})
      WHERE id IN (
        SELECT id FROM outbox
        WHERE delivered_at IS NULL AND failed_at IS NULL AND next_attempt_at <= now()
          AND (locked_until IS NULL OR locked_until < now())
        ORDER BY id
        LIMIT ${BATCH_SIZE}
        FOR UPDATE SKIP LOCKED
      )
      RETURNING id::text AS id, key, topic, payload, attempts, request_id`,
    );
  };

  /**
   * An attempt counts when the row's delivery begins, not when its batch is claimed (issue 41): a
   * relay killed while delivering the first row of a batch has not tried the others, and their
   * retries are kept for real failures. The lease is renewed for this row; a row another relay
   * finished meanwhile is left alone.
   */
  const begin = async (row: ClaimedRow): Promise<ClaimedRow | null> => {
    const [started] = await queryRows<{ attempts: number }>(
      db,
      sql`UPDATE outbox SET attempts = attempts + 1, locked_until = now() + make_interval(secs => ${LEASE_MS / 1000})
        WHERE id = ${row.id} AND delivered_at IS NULL AND failed_at IS NULL
        RETURNING attempts`,
    );
    return started ? { ...row, attempts: started.attempts } : null;
  };

  const deliver = async (claimed: ClaimedRow): Promise<void> => {
    const row = await begin(claimed);
    if (!row) return;
    const definition = registry.get(row.topic);
    try {
      if (!definition) throw new ProviderError(`No job definition for topic ${row.topic}`, true);
      await definition.handler(definition.payload.parse(row.payload), {
        db,
        providers: options.providers,
        bus: options.bus,
        outbox,
        settlements: options.settlements,
        log: log.child({ outbox: row.topic, key: row.key, ...(row.request_id ? { reqId: row.request_id } : {}) }),
        key: row.key,
        attempt: row.attempts,
      });
      await db.execute(sql`UPDATE outbox SET delivered_at = now(), locked_until = NULL WHERE id = ${row.id}`);
    } catch (error) {
      const message = (error instanceof Error ? error.message : String(error)).slice(0, MAX_ERROR_LENGTH);
      const permanent = error instanceof ProviderError && error.permanent;
      const exhausted = !definition || row.attempts > definition.retry.limit;
      if (permanent || exhausted) {
        log.error({ topic: row.topic, key: row.key, attempts: row.attempts }, 'outbox delivery given up');
        await db.execute(
          sql`UPDATE outbox SET failed_at = now(), locked_until = NULL, last_error = ${message} WHERE id = ${row.id}`,
        );
        return;
      }
      const delayMs = retryDelayMs(definition.retry, row.attempts);
      log.warn({ topic: row.topic, key: row.key, attempts: row.attempts }, 'outbox delivery failed, will retry');
      await db.execute(sql`
        UPDATE outbox SET locked_until = NULL, last_error = ${message},
          next_attempt_at = now() + make_interval(secs => ${delayMs / 1000})
        WHERE id = ${row.id}`);
    }
  };

  const drain = async (): Promise<number> => {
    let handled = 0;
    for (;;) {
      const rows = await claim();
      if (rows.length === 0) return handled;
      for (const row of rows) await deliver(row);
      handled += rows.length;
    }
  };

  let timer: NodeJS.Timeout | null = null;
  let running: Promise<unknown> = Promise.resolve();
  let stopped = true;
  const tick = () => {
    running = drain()
      .catch((error: unknown) => log.error({ err: error }, 'outbox relay failed'))
      .finally(() => {
        if (!stopped) timer = setTimeout(tick, options.pollMs);
      });
  };

  return {
    drain,
    start: () => {
      if (!stopped) return;
      stopped = false;
      timer = setTimeout(tick, 0);
    },
    stop: async () => {
      stopped = true;
      if (timer) clearTimeout(timer);
      await running;
    },
  };
};
