import type { Database } from '@bw/db';
import type { FastifyBaseLogger } from 'fastify';
import PgBoss from 'pg-boss';
import type { EventBus } from '../lib/event-bus.js';
import { currentRequestId } from '../lib/request-context.js';
import type { SettlementRegistry } from '../platform/settlements.js';
import type { Providers } from '../providers/index.js';
import { createOutbox } from './outbox.js';
import type { JobRegistry } from './registry.js';

export type SendOptions = { startAfterSeconds?: number; singletonKey?: string };

export type JobRunner = {
  send(name: string, payload: unknown, options?: SendOptions): Promise<string | null>;
  schedule(name: string, cron: string, payload: unknown): Promise<void>;
  stop(): Promise<void>;
};

const POLLING_INTERVAL_SECONDS = 1;
/** Beside a job's payload: the request that queued it, so the job logs under the same id. */
const REQUEST_ID_FIELD = '_requestId';
const PG_BOSS_POOL_SIZE = 3;

/**
 * pg-boss on the same database: PostgreSQL through its own small pool, PGlite through the
 * `db` option (one embedded connection). Workers run only where `work` is true.
 */
export const startJobRunner = async (options: {
  database: Database;
  registry: JobRegistry;
  providers: Providers;
  bus: EventBus;
  settlements: SettlementRegistry;
  log: FastifyBaseLogger;
  work: boolean;
}): Promise<JobRunner> => {
  const { database, registry, log } = options;
  const outbox = createOutbox(registry);
  const boss =
    database.kind === 'postgres' && database.connectionString
      ? new PgBoss({
          connectionString: database.connectionString,
          max: PG_BOSS_POOL_SIZE,
          application_name: 'brickwise-jobs',
        })
      : new PgBoss({ db: { executeSql: (text, values) => database.sql.executeSql(text, values) } });
  boss.on('error', (error: Error) => log.error({ err: error }, 'job runner error'));
  await boss.start();

  for (const definition of registry.all()) {
    await boss.createQueue(definition.name, {
      name: definition.name,
      retryLimit: definition.retry.limit,
      retryDelay: definition.retry.delaySeconds,
      retryBackoff: definition.retry.backoff,
    });
    if (!options.work) continue;
    await boss.work(
      definition.name,
      { pollingIntervalSeconds: POLLING_INTERVAL_SECONDS, includeMetadata: true },
      async (jobs) => {
        for (const job of jobs) {
          const { [REQUEST_ID_FIELD]: requestId, ...data } = (job.data ?? {}) as Record<string, unknown>;
          const payload = definition.payload.parse(data);
          await definition.handler(payload, {
            db: database.db,
            providers: options.providers,
            bus: options.bus,
            outbox,
            settlements: options.settlements,
            log: log.child({
              job: definition.name,
              jobId: job.id,
              ...(typeof requestId === 'string' ? { reqId: requestId } : {}),
            }),
            key: `job:${job.id}`,
            attempt: job.retryCount + 1,
          });
        }
      },
    );
  }

  return {
    send: async (name, payload, sendOptions = {}) => {
      const definition = registry.get(name);
      if (!definition) throw new Error(`Unknown job "${name}"`);
      const requestId = currentRequestId();
      const data = {
        ...(definition.payload.parse(payload) as object),
        ...(requestId ? { [REQUEST_ID_FIELD]: requestId } : {}),
      };
      return boss.send(name, data, {
        ...(sendOptions.startAfterSeconds ? { startAfter: sendOptions.startAfterSeconds } : {}),
        ...(sendOptions.singletonKey ? { singletonKey: sendOptions.singletonKey } : {}),
      });
    },
    schedule: async (name, cron, payload) => {
      const definition = registry.get(name);
      if (!definition) throw new Error(`Unknown job "${name}"`);
      await boss.schedule(name, cron, definition.payload.parse(payload) as object, { tz: 'Europe/Vienna' });
    },
    stop: () => boss.stop({ graceful: true, timeout: 5000 }),
  };
};
