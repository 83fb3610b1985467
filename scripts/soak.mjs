#!/usr/bin/env node
/**
 * Long run (issue 41, docs/reliability.md): a steady mixed load against one API node on a scratch
 * PostgreSQL database for N minutes. Each client repeats, with a pause between operations, one of:
 * a complete purchase (3 calls), the portfolio (GET /api/v1/user/investments), the account
 * (GET /api/v1/payment/account), the marketplace (GET /api/v2/assets), an asset
 * (GET /api/v2/assets/{id}). Every minute it prints the server's RSS and V8 heap in use (the median
 * of samples every 5 s of the server's own Prometheus metrics, /metrics with METRICS_TOKEN), the requests of that minute, their
 * p50 and p99 latency and any answer ≥ 500 or refused connection.
 * After the warm-up (the first 20 % of the minutes, at least 2) the RSS may not grow more than 10 %:
 * the last minute's RSS against the first one after the warm-up. Exit code 1 on more growth, on any
 * answer ≥ 500 or when a purchase fails. The database is dropped at the end.
 *
 * Usage: npm run soak -- --minutes 30 [--clients 8] [--pause-ms 50] [--json]
 * Env: BENCH_DATABASE_URL / DATABASE_URL (the server's maintenance database, as the benches).
 */
import crypto from 'node:crypto';
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { register } from 'tsx/esm/api';
import {
  cleanUpOnInterrupt,
  httpClient,
  percentile,
  prepareLoadDatabase,
  purchaseOverHttp,
  sleep,
} from './lib/load.mjs';
import { createBenchDatabase, startApiOnPostgres } from './lib/postgres-bench.mjs';

register();

const argument = (name, fallback) => {
  const index = process.argv.indexOf(`--${name}`);
  return index >= 0 && process.argv[index + 1] !== undefined ? Number(process.argv[index + 1]) : fallback;
};
const asJson = process.argv.includes('--json');
const MINUTES = argument('minutes', 30);
const CLIENTS = argument('clients', 8);
const PAUSE_MS = argument('pause-ms', 50);
const MINUTE_MS = Number(process.env.SOAK_MINUTE_MS ?? 60_000);
const WARMUP_MINUTES = Math.max(2, Math.ceil(MINUTES * 0.2));
const GROWTH_LIMIT = 0.1;
const ASSETS = 20;
const MEMORY_SAMPLE_MS = Math.min(5_000, MINUTE_MS / 6);

const log = (line) => {
  if (!asJson) process.stdout.write(`${line}\n`);
};

/** The value of one unlabelled Prometheus sample. */
const sample = (text, name) => {
  const line = text.split('\n').find((row) => row.startsWith(`${name} `));
  return line ? Number(line.split(' ')[1]) : Number.NaN;
};

const main = async () => {
  if (!Number.isFinite(MINUTES) || MINUTES < 3) throw new Error('--minutes must be at least 3 (2 of warm-up)');
  const database = await createBenchDatabase('bw_soak');
  let server = null;
  const client = { close: () => {} };
  const cleanup = async () => {
    client.close();
    await server?.stop();
    await database.drop();
  };
  const release = cleanUpOnInterrupt(cleanup);
  try {
    const { assetIds, investors, signPayload } = await prepareLoadDatabase(database.connectionString, {
      assets: ASSETS,
      investors: CLIENTS,
      cashCents: 1_000_000_000_000n,
    });
    const metricsToken = crypto.randomBytes(24).toString('hex');
    server = await startApiOnPostgres(database.connectionString, {
      METRICS_TOKEN: metricsToken,
      DATABASE_POOL_SIZE: '10',
    });
    const { send, close } = httpClient(server.url);
    client.close = close;
    for (const investor of investors) {
      const opened = await send('POST', '/api/v1/payment/account', investor.headers);
      if (opened.status !== 200) throw new Error(`payment account: ${opened.status} ${JSON.stringify(opened.json)}`);
    }
    const memory = async () => {
      const res = await send('GET', '/metrics', { authorization: `Bearer ${metricsToken}` });
      const text = res.json?.text ?? '';
      return {
        rssMb: sample(text, 'brickwise_process_resident_memory_bytes') / 2 ** 20,
        heapUsedMb: sample(text, 'brickwise_nodejs_heap_size_used_bytes') / 2 ** 20,
      };
    };
    log(
      `soak: ${MINUTES} min (warm-up ${WARMUP_MINUTES}), ${CLIENTS} clients, pause ${PAUSE_MS} ms, database ${database.name}, ` +
        `server pid ${server.pid}, load average ${os.loadavg()[0].toFixed(2)}`,
    );
    log('minute  rss MB  heap MB  requests  p50 ms  p99 ms  ≥500  failed purchases  load');

    let window = { latencies: [], errors: 0, failedPurchases: 0, memory: [] };
    const totals = { requests: 0, errors: 0, purchases: 0, failedPurchases: 0, failures: [] };
    const observe = (_name, answer) => {
      window.latencies.push(answer.ms);
      totals.requests += 1;
      if (answer.status >= 500 || answer.status === 0) {
        window.errors += 1;
        totals.errors += 1;
        if (totals.failures.length < 10) totals.failures.push(`${answer.status} ${JSON.stringify(answer.json)}`);
      }
    };
    const pick = (items) => items[Math.floor(Math.random() * items.length)];
    const deadline = performance.now() + MINUTES * MINUTE_MS;
    const work = async (investor) => {
      while (performance.now() < deadline) {
        const roll = Math.random();
        if (roll < 0.25) {
          const result = await purchaseOverHttp({
            send,
            investor,
            assetId: pick(assetIds),
            shares: 1 + Math.floor(Math.random() * 3),
            signPayload,
            observe,
          });
          if (result.purchase) totals.purchases += 1;
          else {
            window.failedPurchases += 1;
            totals.failedPurchases += 1;
            if (totals.failures.length < 10) totals.failures.push(result.failure);
          }
        } else if (roll < 0.45) observe('investments', await send('GET', '/api/v1/user/investments', investor.headers));
        else if (roll < 0.65) observe('account', await send('GET', '/api/v1/payment/account', investor.headers));
        else if (roll < 0.85) observe('marketplace', await send('GET', '/api/v2/assets', investor.headers));
        else observe('asset', await send('GET', `/api/v2/assets/${pick(assetIds)}`, investor.headers));
        await sleep(PAUSE_MS);
      }
    };
    const minutes = [];
    const reporter = (async () => {
      for (let minute = 1; minute <= MINUTES; minute += 1) {
        await sleep(Math.max(0, deadline - (MINUTES - minute) * MINUTE_MS - performance.now()));
        const finished = window;
        window = { latencies: [], errors: 0, failedPurchases: 0, memory: [] };
        const sorted = finished.latencies.sort((a, b) => a - b);
        const median = (values) =>
          percentile(
            [...values].sort((a, b) => a - b),
            0.5,
          );
        const samples = finished.memory.length > 0 ? finished.memory : [await memory()];
        const row = {
          minute,
          rssMb: median(samples.map((s) => s.rssMb)),
          heapUsedMb: median(samples.map((s) => s.heapUsedMb)),
          memorySamples: samples.length,
          requests: sorted.length,
          p50Ms: Number(percentile(sorted, 0.5).toFixed(1)),
          p99Ms: Number(percentile(sorted, 0.99).toFixed(1)),
          errors: finished.errors,
          failedPurchases: finished.failedPurchases,
          loadAverage: Number(os.loadavg()[0].toFixed(2)),
        };
        minutes.push(row);
        log(
          `${String(minute).padStart(6)}  ${row.rssMb.toFixed(1).padStart(6)}  ${row.heapUsedMb.toFixed(1).padStart(7)}  ` +
            `${String(row.requests).padStart(8)}  ${row.p50Ms.toFixed(1).padStart(6)}  ${row.p99Ms.toFixed(1).padStart(6)}  ` +
            `${String(row.errors).padStart(4)}  ${String(row.failedPurchases).padStart(16)}  ${row.loadAverage.toFixed(2)}`,
        );
      }
    })();
    // Memory every MEMORY_SAMPLE_MS; a minute reports the median of its samples (one sample is
    // wherever the garbage collector happened to be).
    const sampler = (async () => {
      while (performance.now() < deadline) {
        const taken = await memory();
        if (Number.isFinite(taken.rssMb)) window.memory.push(taken);
        await sleep(MEMORY_SAMPLE_MS);
      }
    })();
    await Promise.all([...investors.map(work), reporter, sampler]);

    const afterWarmup = minutes.filter((row) => row.minute > WARMUP_MINUTES);
    const base = afterWarmup[0];
    const last = afterWarmup.at(-1);
    const growth = base && last ? (last.rssMb - base.rssMb) / base.rssMb : 0;
    const heapGrowth = base && last ? (last.heapUsedMb - base.heapUsedMb) / base.heapUsedMb : 0;
    const ok = growth <= GROWTH_LIMIT && totals.errors === 0 && totals.failedPurchases === 0;
    const result = {
      ok,
      minutes: MINUTES,
      warmupMinutes: WARMUP_MINUTES,
      clients: CLIENTS,
      pauseMs: PAUSE_MS,
      rssGrowth: Number(growth.toFixed(4)),
      heapGrowth: Number(heapGrowth.toFixed(4)),
      growthLimit: GROWTH_LIMIT,
      ...totals,
      perMinute: minutes,
    };
    if (asJson) process.stdout.write(`${JSON.stringify(result)}\n`);
    log(
      `soak: RSS ${base?.rssMb.toFixed(1)} MB after the warm-up (minute ${base?.minute}) → ${last?.rssMb.toFixed(1)} MB (minute ${last?.minute}): ` +
        `${(growth * 100).toFixed(1)} % (limit ${GROWTH_LIMIT * 100} %); heap ${(heapGrowth * 100).toFixed(1)} %; ` +
        `${totals.requests} requests, ${totals.purchases} purchases, ${totals.errors} answers ≥ 500, ${totals.failedPurchases} failed purchases — ${ok ? 'ok' : 'FAILED'}`,
    );
    for (const failure of totals.failures) log(`failure: ${failure}`);
    process.exitCode = ok ? 0 : 1;
  } finally {
    release();
    await cleanup();
  }
};

main().catch((error) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
