import type { FastifyRateLimitStore } from '@fastify/rate-limit';
import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import { Counter, Gauge } from 'prom-client';

/**
 * The global request limit's counters (issue 41, ADR 0046): shared by every node in Redis when one
 * is configured and answering; while Redis is away each node counts on its own (the limit then
 * holds per node, not per platform), logged once per outage and counted in metrics; when Redis
 * answers again the shared counters return. A fixed window per key, as @fastify/rate-limit's own
 * stores count it.
 */
type Result = { current: number; ttl: number };
type Callback = (error: Error | null, result?: Result) => void;

/** Process-wide, like the provider metrics: metrics.ts adds them to /metrics. */
export const rateLimitMetrics = {
  localFallbacks: new Counter({
    name: 'brickwise_rate_limit_local_fallback_total',
    help: 'Requests whose rate limit this node counted on its own because the shared Redis was away',
    registers: [],
  }),
  shared: new Gauge({
    name: 'brickwise_rate_limit_shared',
    help: '1 while the rate limits are shared through Redis, 0 while this node counts on its own',
    registers: [],
  }),
};

const INCREMENT = `
local current = redis.call('INCR', KEYS[1])
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  ttl = tonumber(ARGV[1])
end
return {current, ttl}`;

const LOCAL_KEYS_MAX = 10_000;

/** This node's own counters: a fixed window per key, the oldest keys dropped beyond LOCAL_KEYS_MAX. */
class LocalCounters {
  private readonly windows = new Map<string, { count: number; startedAt: number }>();

  incr(key: string, timeWindow: number): Result {
    const now = Date.now();
    let window = this.windows.get(key);
    if (!window || window.startedAt + timeWindow <= now) {
      window = { count: 0, startedAt: now };
      this.windows.delete(key);
      if (this.windows.size >= LOCAL_KEYS_MAX) {
        const oldest = this.windows.keys().next().value;
        if (oldest !== undefined) this.windows.delete(oldest);
      }
      this.windows.set(key, window);
    }
    window.count += 1;
    return { current: window.count, ttl: window.startedAt + timeWindow - now };
  }
}

type SharedRedis = Redis & {
  brickwiseRateLimit?: (
    key: string,
    timeWindow: number,
    callback: (error: Error | null, result?: number[]) => void,
  ) => void;
};

/** The state both a store and its per-route children share: one outage is one outage. */
type Shared = { redis: SharedRedis; log: FastifyBaseLogger; local: LocalCounters; usingLocal: boolean };

const useLocal = (shared: Shared, error?: Error) => {
  rateLimitMetrics.localFallbacks.inc();
  if (shared.usingLocal) return;
  shared.usingLocal = true;
  rateLimitMetrics.shared.set(0);
  shared.log.warn(
    { err: error, redisStatus: shared.redis.status },
    'rate limits fall back to this node’s own counters: Redis is not reachable',
  );
};

const useShared = (shared: Shared) => {
  if (!shared.usingLocal) return;
  shared.usingLocal = false;
  rateLimitMetrics.shared.set(1);
  shared.log.info('rate limits are shared through Redis again');
};

/** A store class for @fastify/rate-limit's `store` option, bound to one Redis connection. */
export const sharedOrLocalStore = (redis: Redis, log: FastifyBaseLogger) => {
  const sharedRedis = redis as SharedRedis;
  if (!sharedRedis.brickwiseRateLimit)
    sharedRedis.defineCommand('brickwiseRateLimit', { numberOfKeys: 1, lua: INCREMENT });
  const shared: Shared = { redis: sharedRedis, log, local: new LocalCounters(), usingLocal: false };
  rateLimitMetrics.shared.set(1);

  class SharedOrLocalStore {
    constructor(
      _options?: unknown,
      readonly prefix = 'bw-rate-limit:',
    ) {}

    incr(key: string, callback: Callback, timeWindow: number): void {
      const local = () => callback(null, shared.local.incr(this.prefix + key, timeWindow));
      // A Redis that is reconnecting would hold the request until its command times out: count
      // here at once instead.
      if (shared.redis.status !== 'ready') {
        useLocal(shared);
        local();
        return;
      }
      shared.redis.brickwiseRateLimit?.(this.prefix + key, timeWindow, (error, result) => {
        if (error || !result) {
          useLocal(shared, error ?? undefined);
          local();
          return;
        }
        useShared(shared);
        callback(null, { current: Number(result[0]), ttl: Number(result[1]) });
      });
    }

    child(routeOptions: Parameters<FastifyRateLimitStore['child']>[0]): FastifyRateLimitStore {
      const route = (routeOptions as { routeInfo?: { method?: string; url?: string } }).routeInfo;
      return new SharedOrLocalStore(undefined, `${this.prefix}${route?.method ?? ''}${route?.url ?? ''}-`);
    }
  }
  return SharedOrLocalStore;
};
