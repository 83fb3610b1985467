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
import autocannon from 'autocannon';
import { register } from 'tsx/esm/api';
import { createBenchDatabase, startApiOnPostgres } from './lib/postgres-bench.mjs';

register();

const asJson = process.argv.includes('--json');
const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 64);
const ASSET_COUNT = Number(process.env.BENCH_ASSETS ?? 500);
const WARMUP_S = 3;

const RATIO_TARGET = 0.5;
const P99_TARGET_MS = 50;
const TRIVIAL_PATH = '/api/v1/utils/frontendVersion';
const ASSETS_PATH = '/api/v2/assets';

const log = (line) => {
  if (!asJson) process.stdout.write(`${line}\n`);
};

const run = (url, seconds) =>
  new Promise((resolve, reject) => {
    autocannon({ url, connections: CONNECTIONS, duration: seconds, pipelining: 1 }, (error, result) =>
      error ? reject(error) : resolve(result),
    );
  });

const main = async () => {
  const benchDb = await createBenchDatabase('bw_bench');
  const { connectionString, name: dbName } = benchDb;
  let server = null;
  try {
    const { openDatabase, migrate } = await import('@bw/db');
    const { loadTestFixtures, seedAssetCopies } = await import('../apps/api/src/test/fixtures.ts');
    const seededAt = Date.now();
    const database = await openDatabase({ kind: 'postgres', connectionString });
    await migrate(database.db);
    await loadTestFixtures(database.db);
    await seedAssetCopies(database.db, ASSET_COUNT);
    await database.close();
    log(`database ${dbName}: migrated and seeded with ${ASSET_COUNT} assets in ${Date.now() - seededAt} ms`);

    server = await startApiOnPostgres(connectionString);
    const { url } = server;

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
    await server?.stop();
    await benchDb.drop();
  }
};

main().catch((error) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
