#!/usr/bin/env node
/**
 * API load figures (issue 6), on PostgreSQL: a fresh database is created, migrated and seeded with
 * the demo catalogue plus listed copies up to 500 assets, a real server process is started on it,
 * and autocannon measures in the same run
 *   - the throughput of GET /api/v2/assets as a ratio of a trivial JSON route of the same server
 *     (GET /api/v1/utils/frontendVersion)      target ≥ 0.5
 *   - the p99 latency of GET /api/v2/assets at 64 connections      target ≤ 50 ms
 * The database is dropped again at the end. Exit code 1 when a target is missed.
 *
 * Usage: npm run bench:api [-- --json]
 * Env: BENCH_DATABASE_URL (else DATABASE_URL, else postgres://root@127.0.0.1:5432/postgres),
 *      BENCH_DURATION_S (default 10), BENCH_CONNECTIONS (default 64), BENCH_ASSETS (default 500).
 */
import { spawn } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import pg from 'pg';
import { register } from 'tsx/esm/api';

register();

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const asJson = process.argv.includes('--json');
const baseUrl = process.env.BENCH_DATABASE_URL ?? process.env.DATABASE_URL ?? 'postgres://root@127.0.0.1:5432/postgres';
const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 64);
const ASSET_COUNT = Number(process.env.BENCH_ASSETS ?? 500);
const WARMUP_S = 3;
const READY_TIMEOUT_MS = 60_000;

const RATIO_TARGET = 0.5;
const P99_TARGET_MS = 50;
const TRIVIAL_PATH = '/api/v1/utils/frontendVersion';
const ASSETS_PATH = '/api/v2/assets';

const log = (line) => {
  if (!asJson) process.stdout.write(`${line}\n`);
};

const withDatabase = (url, name) => {
  const parsed = new URL(url);
  parsed.pathname = `/${name}`;
  return parsed.toString();
};

const admin = async (sql) => {
  const client = new pg.Client({ connectionString: baseUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
};

const freePort = () =>
  new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });

const waitForReady = async (url, child) => {
  const deadline = Date.now() + READY_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error('server exited before it was ready');
    try {
      if ((await fetch(`${url}/readyz`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`server not ready within ${READY_TIMEOUT_MS} ms`);
};

const run = (url, seconds) =>
  new Promise((resolve, reject) => {
    autocannon({ url, connections: CONNECTIONS, duration: seconds, pipelining: 1 }, (error, result) =>
      error ? reject(error) : resolve(result),
    );
  });

const main = async () => {
  const dbName = `bw_bench_${process.pid}_${Date.now().toString(36)}`;
  const connectionString = withDatabase(baseUrl, dbName);
  await admin(`CREATE DATABASE ${dbName}`);
  let child = null;
  try {
    const { openDatabase, migrate, seedDemo, seedAssetCopies } = await import('@bw/db');
    const seededAt = Date.now();
    const database = await openDatabase({ kind: 'postgres', connectionString });
    await migrate(database.db);
    await seedDemo(database.db);
    await seedAssetCopies(database.db, ASSET_COUNT);
    await database.close();
    log(`database ${dbName}: migrated and seeded with ${ASSET_COUNT} assets in ${Date.now() - seededAt} ms`);

    const port = await freePort();
    const url = `http://127.0.0.1:${port}`;
    child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'apps/api/src/main.ts')], {
      cwd: root,
      env: {
        ...process.env,
        // development: production demands real provider secrets, which a local load run does not have.
        NODE_ENV: process.env.BENCH_NODE_ENV ?? 'development',
        PUBLIC_URL: url,
        HOST: '127.0.0.1',
        PORT: String(port),
        DATABASE_URL: connectionString,
        SEED: 'none',
        WORKER: 'false',
        LOG_LEVEL: 'warn',
        RATE_LIMIT_MAX: '1000000000',
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    await waitForReady(url, child);

    const listed = await (await fetch(`${url}${ASSETS_PATH}`)).json();
    log(`GET ${ASSETS_PATH}: ${listed.data.totalCount} listed assets, ${listed.data.assets.length} per page (default)`);

    await run(`${url}${TRIVIAL_PATH}`, WARMUP_S);
    await run(`${url}${ASSETS_PATH}`, WARMUP_S);
    const trivial = await run(`${url}${TRIVIAL_PATH}`, DURATION_S);
    const assets = await run(`${url}${ASSETS_PATH}`, DURATION_S);

    const ratio = assets.requests.average / trivial.requests.average;
    const p99 = assets.latency.p99;
    const errors = assets.errors + assets.non2xx + trivial.errors + trivial.non2xx;
    const figures = {
      connections: CONNECTIONS,
      durationS: DURATION_S,
      assets: ASSET_COUNT,
      trivialRps: Math.round(trivial.requests.average),
      trivialP99Ms: trivial.latency.p99,
      assetsRps: Math.round(assets.requests.average),
      ratio: Number(ratio.toFixed(3)),
      ratioTarget: RATIO_TARGET,
      assetsP99Ms: p99,
      p99TargetMs: P99_TARGET_MS,
      assetsP50Ms: assets.latency.p50,
      assetsKbPerResponse: Math.round(assets.throughput.average / assets.requests.average / 1024),
      errors,
      ok: ratio >= RATIO_TARGET && p99 <= P99_TARGET_MS && errors === 0,
    };
    if (asJson) process.stdout.write(`${JSON.stringify(figures)}\n`);
    log(
      `trivial ${TRIVIAL_PATH}: ${figures.trivialRps} req/s, p50 ${trivial.latency.p50} ms, p99 ${trivial.latency.p99} ms`,
    );
    log(
      `assets  ${ASSETS_PATH}: ${figures.assetsRps} req/s, p50 ${figures.assetsP50Ms} ms, p99 ${p99} ms, ~${figures.assetsKbPerResponse} KB/response`,
    );
    log(`ratio ${figures.ratio} (target ≥ ${RATIO_TARGET}) ${ratio >= RATIO_TARGET ? 'ok' : 'MISSED'}`);
    log(
      `p99 ${p99} ms at ${CONNECTIONS} connections (target ≤ ${P99_TARGET_MS} ms) ${p99 <= P99_TARGET_MS ? 'ok' : 'MISSED'}`,
    );
    if (errors > 0) log(`errors or non-2xx answers: ${errors}`);
    process.exitCode = figures.ok ? 0 : 1;
  } finally {
    if (child && child.exitCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
    await admin(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
  }
};

main().catch((error) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
