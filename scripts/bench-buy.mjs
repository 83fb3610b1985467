#!/usr/bin/env node
/**
 * Purchase throughput (issue 9), on PostgreSQL. In one run:
 *   1. pgbench's TPC-B rate on a scratch database of the same server (the baseline);
 *   2. complete purchases from the issuer per second through the real API server, each one
 *      HTTP initInvestment → reserve shares and cash → fetch the signing request → Ed25519
 *      signature → settlement (cash to the issuer, fee, shares to the investor), with
 *      BENCH_CLIENTS concurrent investors:
 *        - spread: every purchase picks one of BENCH_SPREAD_ASSETS assets at random,
 *        - hot: every purchase buys the same asset;
 *   3. each rate as a ratio of the TPC-B rate (target spread ≥ 0.3, stretch 0.5), p50/p99 latency
 *      of a complete purchase.
 * Databases are dropped at the end. Exit code 1 when the spread target is missed or a purchase fails.
 *
 * Usage: npm run bench:buy [-- --json]
 * Env: BENCH_DATABASE_URL (else DATABASE_URL, else postgres://root@127.0.0.1:5432/postgres),
 *      BENCH_DURATION_S (default 15), BENCH_CLIENTS (default 16), BENCH_SPREAD_ASSETS (default 100).
 */
import { execFileSync } from 'node:child_process';
import { performance } from 'node:perf_hooks';
import { register } from 'tsx/esm/api';
import { createBenchDatabase, startApiOnPostgres } from './lib/postgres-bench.mjs';

register();

const asJson = process.argv.includes('--json');
const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 15);
const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 16);
const SPREAD_ASSETS = Number(process.env.BENCH_SPREAD_ASSETS ?? 100);
const WARMUP_S = 3;
const SPREAD_TARGET = 0.3;
const SPREAD_STRETCH = 0.5;
const PRICE_CENTS = 10_000n;
const SHARES_PER_ASSET = 10_000_000;

const log = (line) => {
  if (!asJson) process.stdout.write(`${line}\n`);
};

const percentile = (sorted, p) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] : 0;

/** pgbench TPC-B (its default script) with as many clients as the purchase phases use. */
const tpcb = async () => {
  const scratch = await createBenchDatabase('bw_pgbench');
  try {
    execFileSync('pgbench', ['-i', '-s', '1', '-q', scratch.connectionString], { stdio: 'ignore' });
    const out = execFileSync(
      'pgbench',
      ['-n', '-c', String(CLIENTS), '-j', '2', '-T', String(DURATION_S), scratch.connectionString],
      { encoding: 'utf8' },
    );
    const tps = Number(out.match(/tps = ([\d.]+) \(without initial connection time\)/)?.[1]);
    if (!Number.isFinite(tps) || tps <= 0) throw new Error(`no tps in pgbench output:\n${out}`);
    return tps;
  } finally {
    await scratch.drop();
  }
};

/** One investor buying in a loop until the deadline; every step is a real HTTP call. */
const buyer = async ({ url, investor, pickAsset, deadline, latencies, failures, signPayload }) => {
  const call = async (method, path, body) => {
    const response = await fetch(`${url}${path}`, {
      method,
      headers: { ...investor.headers, ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    const json = await response.json();
    if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${json?.error?.code}`);
    return json.data;
  };
  while (performance.now() < deadline) {
    const started = performance.now();
    try {
      const purchase = await call('POST', `/api/v1/assets/initInvestment/${pickAsset()}`, {
        shares: 1,
        acknowledgedAppropriateness: true,
      });
      const request = await call('GET', `/api/v1/securityApp/signingRequests/${purchase.signingRequestId}`);
      await call('POST', `/api/v1/securityApp/signingRequests/${purchase.signingRequestId}/signature`, {
        signature: signPayload(investor, request.canonicalPayload),
      });
      latencies.push(performance.now() - started);
    } catch (error) {
      failures.push(error.message);
    }
  }
};

const phase = async ({ url, investors, pickAsset, seconds, signPayload }) => {
  const latencies = [];
  const failures = [];
  const started = performance.now();
  const deadline = started + seconds * 1000;
  await Promise.all(
    investors.map((investor) => buyer({ url, investor, pickAsset, deadline, latencies, failures, signPayload })),
  );
  const elapsedS = (performance.now() - started) / 1000;
  const sorted = latencies.sort((a, b) => a - b);
  return {
    purchases: latencies.length,
    perSecond: latencies.length / elapsedS,
    p50Ms: Math.round(percentile(sorted, 0.5)),
    p99Ms: Math.round(percentile(sorted, 0.99)),
    failures,
  };
};

const main = async () => {
  log(`pgbench TPC-B: ${CLIENTS} clients, ${DURATION_S} s …`);
  const tps = await tpcb();
  log(`pgbench TPC-B: ${tps.toFixed(0)} tps`);

  const benchDb = await createBenchDatabase('bw_bench_buy');
  let server = null;
  try {
    const { openDatabase, migrate, seedDemo, assets } = await import('@bw/db');
    const { eq } = await import('drizzle-orm');
    const { createBulkInvestors, signPayload } = await import('../apps/api/src/test/bulk-investors.ts');
    const database = await openDatabase({ kind: 'postgres', connectionString: benchDb.connectionString });
    await migrate(database.db);
    await seedDemo(database.db);
    const [template] = await database.db.select().from(assets).where(eq(assets.id, 'pv-landshut-agri'));
    const ids = Array.from({ length: SPREAD_ASSETS + 1 }, (_, i) => `bench-${i}`);
    await database.db.insert(assets).values(
      ids.map((id) => ({
        ...template,
        id,
        title: `Benchmark ${id}`,
        serialNumber: `SN-${id}`,
        stage: 'primary',
        securityType: 'participationKG',
        countryCode: 'AT',
        spvCountryCode: 'AT',
        pricePerShareCents: PRICE_CENTS,
        totalShares: SHARES_PER_ASSET,
        availableShares: SHARES_PER_ASSET,
        minimumSubscriptionShares: 1,
      })),
    );
    const investors = await createBulkInvestors(database.db, CLIENTS * 3, { cashCents: 100_000_000_000n });
    await database.close();
    log(`database ${benchDb.name}: ${ids.length} assets, ${investors.length} investors`);

    server = await startApiOnPostgres(benchDb.connectionString, { DATABASE_POOL_SIZE: String(CLIENTS + 4) });
    const { url } = server;
    const [hotAsset, ...spreadAssets] = ids;
    const spread = () => spreadAssets[Math.floor(Math.random() * spreadAssets.length)];
    const group = (n) => investors.slice(n * CLIENTS, (n + 1) * CLIENTS);

    await phase({ url, investors: group(0), pickAsset: spread, seconds: WARMUP_S, signPayload });
    const spreadRun = await phase({ url, investors: group(1), pickAsset: spread, seconds: DURATION_S, signPayload });
    const hotRun = await phase({
      url,
      investors: group(2),
      pickAsset: () => hotAsset,
      seconds: DURATION_S,
      signPayload,
    });

    const figures = {
      clients: CLIENTS,
      durationS: DURATION_S,
      pgbenchTps: Number(tps.toFixed(1)),
      spread: {
        assets: SPREAD_ASSETS,
        purchasesPerSecond: Number(spreadRun.perSecond.toFixed(1)),
        ratio: Number((spreadRun.perSecond / tps).toFixed(3)),
        p50Ms: spreadRun.p50Ms,
        p99Ms: spreadRun.p99Ms,
        failures: spreadRun.failures.length,
      },
      hot: {
        purchasesPerSecond: Number(hotRun.perSecond.toFixed(1)),
        ratio: Number((hotRun.perSecond / tps).toFixed(3)),
        p50Ms: hotRun.p50Ms,
        p99Ms: hotRun.p99Ms,
        failures: hotRun.failures.length,
      },
      target: SPREAD_TARGET,
      stretch: SPREAD_STRETCH,
    };
    figures.ok = figures.spread.ratio >= SPREAD_TARGET && figures.spread.failures === 0 && figures.hot.failures === 0;
    if (asJson) process.stdout.write(`${JSON.stringify(figures)}\n`);
    const line = (name, run) =>
      `${name}: ${run.purchasesPerSecond} purchases/s = ${run.ratio} × TPC-B, p50 ${run.p50Ms} ms, p99 ${run.p99Ms} ms, failures ${run.failures}`;
    log(line(`spread over ${SPREAD_ASSETS} assets`, figures.spread));
    log(line('one hot asset', figures.hot));
    const verdict =
      figures.spread.ratio >= SPREAD_STRETCH
        ? 'stretch reached'
        : figures.spread.ratio >= SPREAD_TARGET
          ? 'ok'
          : 'MISSED';
    log(`spread ratio target ≥ ${SPREAD_TARGET} (stretch ${SPREAD_STRETCH}): ${verdict}`);
    for (const failure of [...spreadRun.failures, ...hotRun.failures].slice(0, 5)) log(`failure: ${failure}`);
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
