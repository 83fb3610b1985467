import { timingSafeEqual } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import { queryRows } from '@bw/db';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import { providerCallMetrics } from '../providers/resilience.js';
import { rateLimitMetrics } from './rate-limit-store.js';

/** Latency buckets in seconds: API calls are mostly a few milliseconds, a PDF or a purchase more. */
const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
export const METRICS_PATH = '/metrics';

const sameSecret = (given: string, expected: string): boolean => {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
};

/**
 * Prometheus metrics (issue 19, ADR 0021): HTTP latency per route pattern, the PostgreSQL pool,
 * pg-boss queue depth, outbox lag, ledger postings and signing requests by state. The database
 * figures are read at scrape time, so every node reports the same shared numbers; the HTTP and
 * pool figures are the node's own. Served at /metrics with `Authorization: Bearer METRICS_TOKEN`,
 * and/or without a token on METRICS_PORT (an internal port the load balancer does not publish).
 */
export const registerMetrics = async (app: FastifyInstance): Promise<Registry | null> => {
  const { METRICS_TOKEN: token, METRICS_PORT: port } = app.config;
  if (!token && port === undefined) return null;
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: 'brickwise_' });
  // Calls, errors and latency of the external providers (issue 38; providers/resilience.ts).
  for (const metric of Object.values(providerCallMetrics)) registry.registerMetric(metric);
  // Whether the rate limits are shared through Redis, and the requests counted per node while not (issue 41).
  for (const metric of Object.values(rateLimitMetrics)) registry.registerMetric(metric);

  const latency = new Histogram({
    name: 'brickwise_http_request_duration_seconds',
    help: 'HTTP request duration by route pattern',
    labelNames: ['method', 'route', 'status_code'],
    buckets: LATENCY_BUCKETS,
    registers: [registry],
  });
  app.addHook('onResponse', async (request, reply) => {
    latency.observe(
      { method: request.method, route: request.routeOptions.url ?? 'unmatched', status_code: String(reply.statusCode) },
      reply.elapsedTime / 1000,
    );
  });

  const pool = app.database.pool;
  new Gauge({
    name: 'brickwise_pg_pool_connections',
    help: 'PostgreSQL pool connections of this node by state (total, idle, waiting clients)',
    labelNames: ['state'],
    registers: [registry],
    collect() {
      if (!pool) return;
      this.set({ state: 'total' }, pool.totalCount);
      this.set({ state: 'idle' }, pool.idleCount);
      this.set({ state: 'waiting' }, pool.waitingCount);
    },
  });
  new Gauge({
    name: 'brickwise_job_queue_depth',
    help: 'pg-boss jobs waiting or running, by queue and state',
    labelNames: ['queue', 'state'],
    registers: [registry],
    async collect() {
      this.reset();
      const rows = await queryRows<{ name: string; state: string; n: number }>(
        app.db,
        sql`SELECT name, state::text AS state, count(*)::int AS n FROM pgboss.job
            WHERE state IN ('created', 'retry', 'active') GROUP BY name, state`,
      );
      for (const row of rows) this.set({ queue: row.name, state: row.state }, Number(row.n));
    },
  });
  new Gauge({
    name: 'brickwise_outbox_pending',
    help: 'Outbox rows not yet delivered (nor given up)',
    registers: [registry],
    async collect() {
      const [row] = await queryRows<{ n: number }>(
        app.db,
        sql`SELECT count(*)::int AS n FROM outbox WHERE delivered_at IS NULL AND failed_at IS NULL`,
      );
      this.set(Number(row?.n ?? 0));
    },
  });
  new Gauge({
    name: 'brickwise_outbox_lag_seconds',
    help: 'Age of the oldest outbox row due and not yet delivered (0 when none)',
    registers: [registry],
    async collect() {
      const [row] = await queryRows<{ lag: number | null }>(
        app.db,
        sql`SELECT extract(epoch FROM now() - min(created_at))::float8 AS lag FROM outbox
            WHERE delivered_at IS NULL AND failed_at IS NULL AND next_attempt_at <= now()`,
      );
      this.set(Math.max(0, Number(row?.lag ?? 0)));
    },
  });
  new Gauge({
    name: 'brickwise_ledger_postings',
    help: 'Ledger postings made on the platform (highest posting id, all nodes)',
    registers: [registry],
    async collect() {
      const [row] = await queryRows<{ n: string | null }>(app.db, sql`SELECT max(id)::text AS n FROM ledger_postings`);
      this.set(Number(row?.n ?? 0));
    },
  });
  new Gauge({
    name: 'brickwise_signing_requests',
    help: 'Signing requests by state',
    labelNames: ['state'],
    registers: [registry],
    async collect() {
      this.reset();
      const rows = await queryRows<{ status: string; n: number }>(
        app.db,
        sql`SELECT status, count(*)::int AS n FROM signing_requests GROUP BY status`,
      );
      for (const row of rows) this.set({ state: row.status }, Number(row.n));
    },
  });

  if (token) {
    app.get(METRICS_PATH, { schema: { hide: true }, config: { rateLimit: false } }, async (request, reply) => {
      const header = request.headers.authorization ?? '';
      if (!header.startsWith('Bearer ') || !sameSecret(header.slice('Bearer '.length), token)) {
        return reply.code(401).header('www-authenticate', 'Bearer').type('text/plain').send('Unauthorized\n');
      }
      return reply.type(registry.contentType).send(await registry.metrics());
    });
  }
  if (port !== undefined) {
    const server: Server = createServer((request, response) => {
      if (request.url !== METRICS_PATH) {
        response.writeHead(404).end();
        return;
      }
      registry
        .metrics()
        .then((body) => response.writeHead(200, { 'content-type': registry.contentType }).end(body))
        .catch((error: unknown) => {
          app.log.error({ err: error }, 'metrics scrape failed');
          response.writeHead(500).end();
        });
    });
    await new Promise<void>((resolve) => server.listen(port, app.config.HOST, resolve));
    app.addHook('onClose', async () => {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    });
  }
  return registry;
};
