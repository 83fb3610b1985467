#!/usr/bin/env node
/**
 * Purchase throughput (issues 9 and 27), on PostgreSQL. In one run:
 *   1. pgbench's TPC-B rate on a scratch database of the same server (the baseline), with
 *      BENCH_CLIENTS clients;
 *   2. the SQL a complete purchase costs: one purchase after another through the real app
 *      (in this process, on the bench database), counting every statement and transaction its
 *      three HTTP calls send to PostgreSQL (round trips; trigger work inside PostgreSQL is not counted);
 *   3. complete purchases from the issuer per second through the real API server process, each one
 *      HTTP initInvestment → reserve shares and cash → fetch the signing request → Ed25519
 *      signature → settlement (cash to the issuer, fee, shares to the investor), at each
 *      concurrency of BENCH_CONCURRENCY:
 *        - spread: every purchase picks one of BENCH_SPREAD_ASSETS assets at random,
 *        - hot: every purchase buys the same asset;
 *   4. the HTTP floor: the same clients each making three calls that only pass the session check
 *      (`GET /auth/checksession`) in place of a purchase's three, i.e. the most any three-call
 *      purchase could reach on this machine (reported, not a target);
 *   5. for each the peak rate as a ratio of the TPC-B rate (targets: spread ≥ 0.3, stretch 0.5;
 *      hot ≥ 0.2) and the p50/p99 latency of a complete purchase at that peak (target p99 ≤ 150 ms).
 * Databases are dropped at the end. Exit code 1 when a target is missed or a purchase fails.
 *
 * Usage: npm run bench:buy [-- --json]
 * Env: BENCH_DATABASE_URL (else DATABASE_URL, else postgres://root@127.0.0.1:5432/postgres),
 *      BENCH_DURATION_S (default 10, per phase), BENCH_CLIENTS (default 16, pgbench),
 *      BENCH_CONCURRENCY (default 4,8,16,32), BENCH_SPREAD_ASSETS (default 50),
 *      BENCH_POOL_SIZE (the server's pool, default 24), BENCH_TRACE=1 (print one purchase's statements).
 */
import { execFile, execFileSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { register } from 'tsx/esm/api';
import { baseDatabaseUrl, createBenchDatabase, startApiOnPostgres } from './lib/postgres-bench.mjs';

register();

const asJson = process.argv.includes('--json');
const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 10);
const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 16);
const CONCURRENCY = (process.env.BENCH_CONCURRENCY ?? '4,8,16,32').split(',').map(Number);
const SPREAD_ASSETS = Number(process.env.BENCH_SPREAD_ASSETS ?? 50);
const POOL_SIZE = Number(process.env.BENCH_POOL_SIZE ?? 24);
const WARMUP_S = 3;
/** BENCH_TRACE=1 prints the statements of the last counted purchase: the round trip's time and the statement's start. */
const TRACE = process.env.BENCH_TRACE === '1';
const TRACE_CHARS = 160;
const COUNTED_PURCHASES = 20;
const SPREAD_TARGET = 0.3;
const SPREAD_STRETCH = 0.5;
const HOT_TARGET = 0.2;
const P99_TARGET_MS = 150;
const PRICE_CENTS = 10_000n;
const SHARES_PER_ASSET = 10_000_000;

const log = (line) => {
  if (!asJson) process.stdout.write(`${line}\n`);
};

const percentile = (sorted, p) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] : 0;

/** Linux clock ticks per second (`getconf CLK_TCK`) of /proc/<pid>/stat's CPU times. */
const CLOCK_TICKS_PER_S = 100;
const CPU_SAMPLE_MS = 200;

/** User plus system CPU of a process so far, in ms (0 once it is gone). */
const cpuMsOf = (pid) => {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS_PER_S;
  } catch {
    return 0;
  }
};

/**
 * The CPU the PostgreSQL backends of one database spend while it runs (the server is on this
 * machine): their CPU is sampled every CPU_SAMPLE_MS, so backends that come and go count too.
 */
const backendCpu = (database) => {
  const client = new pg.Client({ connectionString: baseDatabaseUrl() });
  const first = new Map();
  const last = new Map();
  let timer = null;
  const sample = async () => {
    const { rows } = await client.query('SELECT pid FROM pg_stat_activity WHERE datname = $1', [database]);
    for (const { pid } of rows) {
      const ms = cpuMsOf(pid);
      if (!first.has(pid)) first.set(pid, ms);
      if (ms > 0) last.set(pid, ms);
    }
  };
  return {
    start: async () => {
      await client.connect();
      await sample();
      const tick = () => {
        timer = setTimeout(() => sample().then(tick, tick), CPU_SAMPLE_MS);
      };
      tick();
    },
    stop: async () => {
      clearTimeout(timer);
      await sample();
      await client.end();
      let ms = 0;
      for (const [pid, end] of last) ms += end - (first.get(pid) ?? 0);
      return ms;
    },
  };
};

/** pgbench TPC-B (its default script) with BENCH_CLIENTS clients; its rate and database CPU per transaction. */
const tpcb = async () => {
  const scratch = await createBenchDatabase('bw_pgbench');
  try {
    execFileSync('pgbench', ['-i', '-s', '1', '-q', scratch.connectionString], { stdio: 'ignore' });
    const cpu = backendCpu(scratch.name);
    await cpu.start();
    const out = await new Promise((resolve, reject) =>
      execFile(
        'pgbench',
        ['-n', '-c', String(CLIENTS), '-j', '2', '-T', String(DURATION_S), scratch.connectionString],
        { encoding: 'utf8' },
        (error, stdout) => (error ? reject(error) : resolve(stdout)),
      ),
    );
    const dbCpuMs = await cpu.stop();
    const tps = Number(out.match(/tps = ([\d.]+) \(without initial connection time\)/)?.[1]);
    const transactions = Number(out.match(/number of transactions actually processed: (\d+)/)?.[1]);
    if (!Number.isFinite(tps) || tps <= 0) throw new Error(`no tps in pgbench output:\n${out}`);
    return { tps, dbCpuMsPerTransaction: transactions > 0 ? dbCpuMs / transactions : 0 };
  } finally {
    await scratch.drop();
  }
};

/** The three HTTP calls of one complete purchase, through `send(method, path, investor, body)`. */
const purchaseOnce = async (send, investor, assetId, signPayload) => {
  const purchase = await send('POST', `/api/v1/assets/initInvestment/${assetId}`, investor, {
    shares: 1,
    acknowledgedAppropriateness: true,
  });
  const request = await send('GET', `/api/v1/securityApp/signingRequests/${purchase.signingRequestId}`, investor);
  await send('POST', `/api/v1/securityApp/signingRequests/${purchase.signingRequestId}/signature`, investor, {
    signature: signPayload(investor, request.canonicalPayload),
  });
};

/**
 * The load generator's HTTP client: Node's own `http` with kept-alive connections, one per buyer
 * (`fetch` costs the generator about twice the CPU per call, which the shared cores then lack).
 */
const httpSend = (url) => {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });
  const { hostname, port } = new URL(url);
  return (method, path, investor, body) =>
    new Promise((resolve, reject) => {
      const payload = body ? JSON.stringify(body) : undefined;
      const request = http.request(
        {
          agent,
          hostname,
          port,
          method,
          path,
          headers: {
            ...investor.headers,
            ...(payload ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) } : {}),
          },
        },
        (response) => {
          const chunks = [];
          response.on('data', (chunk) => chunks.push(chunk));
          response.on('error', reject);
          response.on('end', () => {
            try {
              const json = JSON.parse(Buffer.concat(chunks).toString('utf8'));
              if (response.statusCode !== 200) {
                reject(new Error(`${method} ${path}: ${response.statusCode} ${json?.error?.code}`));
              } else resolve(json.data);
            } catch (error) {
              reject(error);
            }
          });
        },
      );
      request.on('error', reject);
      request.end(payload);
    });
};

/**
 * The HTTP floor of a three-call purchase: three calls that only pass the session check
 * (`GET /auth/checksession`), so what any purchase could reach on this machine with three calls.
 */
const sessionChecksOnce = async (send, investor) => {
  for (let call = 0; call < 3; call += 1) await send('GET', '/auth/checksession', investor);
};

/** One investor repeating `once` (a purchase) until the deadline; every step is a real HTTP call. */
const buyer = async ({ once, investor, deadline, latencies, failures }) => {
  while (performance.now() < deadline) {
    const started = performance.now();
    try {
      await once(investor);
      latencies.push(performance.now() - started);
    } catch (error) {
      failures.push(error.message);
    }
  }
};

const phase = async ({ once, investors, seconds, cost }) => {
  const latencies = [];
  const failures = [];
  const cpu = cost ? backendCpu(cost.database) : null;
  await cpu?.start();
  const serverCpuBefore = cost ? cpuMsOf(cost.serverPid) : 0;
  const clientCpuBefore = process.cpuUsage();
  const started = performance.now();
  const deadline = started + seconds * 1000;
  await Promise.all(investors.map((investor) => buyer({ once, investor, deadline, latencies, failures })));
  const elapsedS = (performance.now() - started) / 1000;
  const serverCpuMs = cost ? cpuMsOf(cost.serverPid) - serverCpuBefore : 0;
  const clientCpu = process.cpuUsage(clientCpuBefore);
  const clientCpuMs = (clientCpu.user + clientCpu.system) / 1000;
  const dbCpuMs = (await cpu?.stop()) ?? 0;
  const sorted = latencies.sort((a, b) => a - b);
  const perPurchase = (ms) => (latencies.length > 0 ? Number((ms / latencies.length).toFixed(2)) : 0);
  return {
    apiCpuMsPerPurchase: perPurchase(serverCpuMs),
    dbCpuMsPerPurchase: perPurchase(dbCpuMs),
    clientCpuMsPerPurchase: perPurchase(clientCpuMs),
    clients: investors.length,
    purchases: latencies.length,
    perSecond: latencies.length / elapsedS,
    p50Ms: Math.round(percentile(sorted, 0.5)),
    p99Ms: Math.round(percentile(sorted, 0.99)),
    failures,
  };
};

/**
 * Statements and transactions per complete purchase: the real app in this process on the bench
 * database, every statement its pool's connections send counted, one purchase after another.
 */
const countStatements = async ({ connectionString, investors, assetIds, signPayload }) => {
  const { openDatabase } = await import('@bw/db');
  const { buildApp } = await import('../apps/api/src/app.ts');
  const { testConfig } = await import('../apps/api/src/test/test-app.ts');
  const database = await openDatabase({ kind: 'postgres', connectionString, poolSize: 4 });
  const counts = { statements: 0, transactions: 0 };
  const trace = [];
  const counted = new WeakSet();
  // Every checkout, so the connection openDatabase already made is counted too.
  database.pool.on('acquire', (client) => {
    if (counted.has(client)) return;
    counted.add(client);
    const query = client.query.bind(client);
    client.query = (...args) => {
      const text = typeof args[0] === 'string' ? args[0] : args[0]?.text;
      counts.statements += 1;
      if (/^\s*begin\b/i.test(String(text))) counts.transactions += 1;
      const line = { text: String(text).replace(/\s+/g, ' ').slice(0, TRACE_CHARS), ms: 0 };
      trace.push(line);
      const started = performance.now();
      const result = query(...args);
      // The round trip's wall time, one purchase at a time: the database's work plus the trip.
      result?.then?.(() => {
        line.ms = performance.now() - started;
      });
      return result;
    };
  });
  const app = await buildApp(testConfig({ DATABASE_URL: connectionString, NODE_ENV: 'development' }), { database });
  await app.ready();
  const send = async (method, path, investor, body) => {
    const response = await app.inject({
      method,
      url: path,
      headers: { ...investor.headers, ...(body ? { 'content-type': 'application/json' } : {}) },
      payload: body ? JSON.stringify(body) : undefined,
    });
    const json = response.json();
    if (response.statusCode !== 200) throw new Error(`${method} ${path}: ${response.statusCode} ${json?.error?.code}`);
    return json.data;
  };
  try {
    // The first purchase of an investor creates books; what a purchase costs is measured after it.
    for (const investor of investors) await purchaseOnce(send, investor, assetIds[0], signPayload);
    const before = { ...counts };
    for (let i = 0; i < COUNTED_PURCHASES; i += 1) {
      trace.length = 0;
      await purchaseOnce(send, investors[i % investors.length], assetIds[i % assetIds.length], signPayload);
    }
    if (TRACE) for (const [i, line] of trace.entries()) log(`  ${i + 1}. ${line.ms.toFixed(2)} ms ${line.text}`);
    return {
      statements: (counts.statements - before.statements) / COUNTED_PURCHASES,
      transactions: (counts.transactions - before.transactions) / COUNTED_PURCHASES,
    };
  } finally {
    await app.close();
    await database.close();
  }
};

const peakOf = (runs) => runs.reduce((best, run) => (run.perSecond > best.perSecond ? run : best), runs[0]);

const figuresOf = (run, tps) => ({
  clients: run.clients,
  apiCpuMsPerPurchase: run.apiCpuMsPerPurchase,
  dbCpuMsPerPurchase: run.dbCpuMsPerPurchase,
  clientCpuMsPerPurchase: run.clientCpuMsPerPurchase,
  purchasesPerSecond: Number(run.perSecond.toFixed(1)),
  ratio: Number((run.perSecond / tps).toFixed(3)),
  p50Ms: run.p50Ms,
  p99Ms: run.p99Ms,
  failures: run.failures.length,
});

const main = async () => {
  log(`pgbench TPC-B: ${CLIENTS} clients, ${DURATION_S} s …`);
  const { tps, dbCpuMsPerTransaction } = await tpcb();
  log(`pgbench TPC-B: ${tps.toFixed(0)} tps, ${dbCpuMsPerTransaction.toFixed(3)} ms database CPU per transaction`);

  const benchDb = await createBenchDatabase('bw_bench_buy');
  let server = null;
  try {
    const { openDatabase, migrate, assets } = await import('@bw/db');
    const { loadTestFixtures } = await import('../apps/api/src/test/fixtures.ts');
    const { eq } = await import('drizzle-orm');
    const { createBulkInvestors, signPayload } = await import('../apps/api/src/test/bulk-investors.ts');
    const database = await openDatabase({ kind: 'postgres', connectionString: benchDb.connectionString });
    await migrate(database.db);
    await loadTestFixtures(database.db);
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
    const maxClients = Math.max(...CONCURRENCY);
    const investors = await createBulkInvestors(database.db, maxClients + 4, { cashCents: 100_000_000_000n });
    await database.close();
    log(`database ${benchDb.name}: ${ids.length} assets, ${investors.length} investors`);

    const [hotAsset, ...spreadAssets] = ids;
    const perPurchase = await countStatements({
      connectionString: benchDb.connectionString,
      investors: investors.slice(maxClients),
      assetIds: spreadAssets,
      signPayload,
    });
    log(
      `SQL per complete purchase (3 HTTP calls): ${perPurchase.statements} statements (round trips), ${perPurchase.transactions} transactions`,
    );

    server = await startApiOnPostgres(benchDb.connectionString, { DATABASE_POOL_SIZE: String(POOL_SIZE) });
    const send = httpSend(server.url);
    const cost = { serverPid: server.pid, database: benchDb.name };
    const spread = () => spreadAssets[Math.floor(Math.random() * spreadAssets.length)];
    const buying = (pickAsset) => (investor) => purchaseOnce(send, investor, pickAsset(), signPayload);
    const sweep = async (name, once) => {
      await phase({ once, investors: investors.slice(0, maxClients), seconds: WARMUP_S });
      const runs = [];
      for (const clients of CONCURRENCY) {
        const run = await phase({ once, investors: investors.slice(0, clients), seconds: DURATION_S, cost });
        log(
          `  ${name}, ${clients} clients: ${run.perSecond.toFixed(1)} purchases/s, p50 ${run.p50Ms} ms, p99 ${run.p99Ms} ms, ` +
            `CPU per purchase: API ${run.apiCpuMsPerPurchase} ms, database ${run.dbCpuMsPerPurchase} ms ` +
            `(= ${(run.dbCpuMsPerPurchase / dbCpuMsPerTransaction).toFixed(1)} TPC-B transactions), load generator ${run.clientCpuMsPerPurchase} ms, failures ${run.failures.length}`,
        );
        runs.push(run);
      }
      return runs;
    };
    const spreadRuns = await sweep(`spread over ${SPREAD_ASSETS} assets`, buying(spread));
    const hotRuns = await sweep(
      'one hot asset',
      buying(() => hotAsset),
    );
    const floorRuns = await sweep('HTTP floor (3 session checks)', (investor) => sessionChecksOnce(send, investor));
    const failures = [...spreadRuns, ...hotRuns, ...floorRuns].flatMap((run) => run.failures);

    const figures = {
      pgbenchClients: CLIENTS,
      durationS: DURATION_S,
      pgbenchTps: Number(tps.toFixed(1)),
      pgbenchDbCpuMsPerTransaction: Number(dbCpuMsPerTransaction.toFixed(3)),
      statementsPerPurchase: perPurchase.statements,
      transactionsPerPurchase: perPurchase.transactions,
      spread: {
        assets: SPREAD_ASSETS,
        ...figuresOf(peakOf(spreadRuns), tps),
        runs: spreadRuns.map((r) => figuresOf(r, tps)),
      },
      hot: { ...figuresOf(peakOf(hotRuns), tps), runs: hotRuns.map((r) => figuresOf(r, tps)) },
      httpFloor: { ...figuresOf(peakOf(floorRuns), tps), runs: floorRuns.map((r) => figuresOf(r, tps)) },
      targets: { spread: SPREAD_TARGET, stretch: SPREAD_STRETCH, hot: HOT_TARGET, p99Ms: P99_TARGET_MS },
    };
    figures.ok =
      figures.spread.ratio >= SPREAD_TARGET &&
      figures.hot.ratio >= HOT_TARGET &&
      figures.spread.p99Ms <= P99_TARGET_MS &&
      figures.hot.p99Ms <= P99_TARGET_MS &&
      failures.length === 0;
    if (asJson) process.stdout.write(`${JSON.stringify(figures)}\n`);
    const line = (name, run) =>
      `${name}: peak ${run.purchasesPerSecond} purchases/s at ${run.clients} clients = ${run.ratio} × TPC-B, p50 ${run.p50Ms} ms, p99 ${run.p99Ms} ms`;
    const verdict = (ok) => (ok ? 'ok' : 'MISSED');
    log(line(`spread over ${SPREAD_ASSETS} assets`, figures.spread));
    log(line('one hot asset', figures.hot));
    log(line('HTTP floor, 3 session checks in place of a purchase', figures.httpFloor));
    log(
      `targets: spread ≥ ${SPREAD_TARGET} (stretch ${SPREAD_STRETCH}) ${figures.spread.ratio >= SPREAD_STRETCH ? 'stretch reached' : verdict(figures.spread.ratio >= SPREAD_TARGET)}, ` +
        `hot ≥ ${HOT_TARGET} ${verdict(figures.hot.ratio >= HOT_TARGET)}, ` +
        `p99 ≤ ${P99_TARGET_MS} ms at the peak ${verdict(figures.spread.p99Ms <= P99_TARGET_MS && figures.hot.p99Ms <= P99_TARGET_MS)}, ` +
        `failures ${failures.length}`,
    );
    for (const failure of failures.slice(0, 5)) log(`failure: ${failure}`);
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
