#!/usr/bin/env node
/**
 * One monthly execution of savings plans (issue 40, ADR 0045), on PostgreSQL. In one run, on one
 * throw-away database:
 *   1. the baseline: the same purchase made through the API one by one — a sample of BENCH_SAMPLE
 *      investors each HTTP initInvestment (9 shares of 10 €) → fetch the signing request → Ed25519
 *      signature, one after another against the real API server process; its rate is extrapolated
 *      to as many purchases as the plans make;
 *   2. the month: `--plans N` active signed plans of 100 € (one asset each, spread over
 *      BENCH_ASSETS assets), the daily job's `runDueSavingsPlans` (enqueues one outbox event per
 *      plan) and every plan's `executeSavingsPlan` (the operation the outbox delivers) with
 *      BENCH_CONCURRENCY workers, in this process on a pool of BENCH_POOL_SIZE connections;
 *   3. the time, purchases per second, and the ratio of (2) to (1), with the 1-minute load average.
 * Exit code 1 when a plan did not buy or a purchase failed.
 *
 * Usage: npm run bench:plans [-- --plans 100000] [-- --json]
 * Env: BENCH_DATABASE_URL (else DATABASE_URL), BENCH_SAMPLE (default 200), BENCH_ASSETS (default 50),
 *      BENCH_CONCURRENCY (default 8), BENCH_POOL_SIZE (default 12).
 */
import http from 'node:http';
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { register } from 'tsx/esm/api';
import { createBenchDatabase, insertBenchAssets, startApiOnPostgres } from './lib/postgres-bench.mjs';

register();

const argValue = (name, fallback) => {
  const index = process.argv.indexOf(name);
  return index >= 0 ? Number(process.argv[index + 1]) : fallback;
};
const asJson = process.argv.includes('--json');
const PLANS = argValue('--plans', 100_000);
const SAMPLE = Number(process.env.BENCH_SAMPLE ?? 200);
const ASSETS = Number(process.env.BENCH_ASSETS ?? 50);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 8);
const POOL_SIZE = Number(process.env.BENCH_POOL_SIZE ?? 12);
const PRICE_CENTS = 1_000n;
const PLAN_CENTS = 10_000n;
/** What 100 € buy at 10 € a share with the 1 % purchase fee. */
const SHARES = 9;

const log = (line) => {
  if (!asJson) process.stdout.write(`${line}\n`);
};

const httpSend = (url) => {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 4 });
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
            const json = JSON.parse(Buffer.concat(chunks).toString('utf8'));
            if (response.statusCode !== 200)
              reject(new Error(`${method} ${path}: ${response.statusCode} ${json?.error?.code}`));
            else resolve(json.data);
          });
        },
      );
      request.on('error', reject);
      if (payload) request.write(payload);
      request.end();
    });
};

/** The baseline: one purchase after another through the API server, as an investor makes it. */
const apiOneByOne = async (connectionString, investors, assetIds, signPayload) => {
  const server = await startApiOnPostgres(connectionString, { DATABASE_POOL_SIZE: '4' });
  try {
    const send = httpSend(server.url);
    const started = performance.now();
    for (const [i, investor] of investors.entries()) {
      const purchase = await send('POST', `/api/v1/assets/initInvestment/${assetIds[i % assetIds.length]}`, investor, {
        shares: SHARES,
        acknowledgedAppropriateness: true,
      });
      const request = await send('GET', `/api/v1/securityApp/signingRequests/${purchase.signingRequestId}`, investor);
      await send('POST', `/api/v1/securityApp/signingRequests/${purchase.signingRequestId}/signature`, investor, {
        signature: signPayload(investor, request.canonicalPayload),
      });
    }
    return (performance.now() - started) / 1000;
  } finally {
    await server.stop();
  }
};

const main = async () => {
  const benchDb = await createBenchDatabase('bw_bench_plans');
  const open = [];
  try {
    const { openDatabase, migrate, queryRows } = await import('@bw/db');
    const { sql } = await import('drizzle-orm');
    const { loadTestFixtures } = await import('../apps/api/src/test/fixtures.ts');
    const { createBulkInvestors, signPayload } = await import('../apps/api/src/test/bulk-investors.ts');
    const setupStarted = performance.now();
    const database = await openDatabase({
      kind: 'postgres',
      connectionString: benchDb.connectionString,
      poolSize: POOL_SIZE,
    });
    open.push(() => database.close());
    await migrate(database.db);
    await loadTestFixtures(database.db);
    const assetIds = Array.from({ length: ASSETS }, (_, i) => `bench-plan-${i}`);
    const shareCount = (PLANS + SAMPLE) * SHARES * 2;
    await insertBenchAssets(database.db, {
      ids: assetIds,
      titlePrefix: 'Benchmark',
      priceCents: PRICE_CENTS,
      shares: shareCount,
      fundingLimitCents: BigInt(shareCount) * PRICE_CENTS,
    });
    const investors = await createBulkInvestors(database.db, PLANS + SAMPLE, { cashCents: PLAN_CENTS * 2n });
    const savers = investors.slice(0, PLANS);
    const sample = investors.slice(PLANS);
    // The signed plans, written directly: each request signed with the investor's app key, as the
    // security app stores it (ADR 0045); the share register carries that signature for every buy.
    const PAYLOAD = '{"description":"Benchmark-Sparplan","kind":"savingsPlan"}';
    for (let offset = 0; offset < savers.length; offset += 5_000) {
      const chunk = savers.slice(offset, offset + 5_000);
      const users = `{${chunk.map((investor) => investor.userId).join(',')}}`;
      const signatures = `{${chunk.map((investor) => signPayload(investor, PAYLOAD)).join(',')}}`;
      await queryRows(
        database.db,
        sql`WITH requests AS (
              INSERT INTO signing_requests (id, user_id, kind, canonical_payload, nonce, status, expires_at, security_app_id, signature, resolved_at)
              SELECT gen_random_uuid(), s.u, 'savingsPlan', ${PAYLOAD}, gen_random_uuid()::text, 'signed', now() + interval '1 day',
                     (SELECT a.id FROM security_apps a WHERE a.user_id = s.u AND a.status <> 'disconnected'), s.sig, now() - interval '40 days'
              FROM unnest(${users}::uuid[], ${signatures}::text[]) AS s(u, sig)
              RETURNING id, user_id
            ), plans AS (
              INSERT INTO savings_plans (user_id, amount_cents, day_of_month, acknowledged_appropriateness, status, signing_request_id, created_at, activated_at)
              SELECT user_id, ${PLAN_CENTS}, 1, true, 'active', id, now() - interval '40 days', now() - interval '40 days' FROM requests
              RETURNING id
            )
            INSERT INTO savings_plan_assets (plan_id, asset_id, position, percent)
            SELECT id, 'bench-plan-' || (abs(hashtext(id::text)) % ${ASSETS}), 0, 100 FROM plans RETURNING plan_id`,
      );
    }
    const setupSeconds = (performance.now() - setupStarted) / 1000;
    log(`database ${benchDb.name}: ${PLANS} signed plans, ${ASSETS} assets, set up in ${setupSeconds.toFixed(1)} s`);

    const apiSeconds = await apiOneByOne(benchDb.connectionString, sample, assetIds, signPayload);
    const apiPerSecond = SAMPLE / apiSeconds;
    log(`API one by one: ${SAMPLE} purchases in ${apiSeconds.toFixed(1)} s = ${apiPerSecond.toFixed(1)} purchases/s`);

    const { buildApp } = await import('../apps/api/src/app.ts');
    const { testConfig } = await import('../apps/api/src/test/test-app.ts');
    const { runDueSavingsPlans } = await import('../apps/api/src/modules/savings/operations/due-plans.ts');
    const { executeSavingsPlan } = await import('../apps/api/src/modules/savings/operations/execute-plan.ts');
    const { monthOfDate, viennaDate } = await import('@bw/domain');
    const app = await buildApp(testConfig({ DATABASE_URL: benchDb.connectionString, NODE_ENV: 'development' }), {
      database,
    });
    open.unshift(() => app.close());
    await app.ready();
    const load = os.loadavg()[0];
    const now = new Date();
    const month = monthOfDate(viennaDate(now));
    const started = performance.now();
    const due = await runDueSavingsPlans(database.db, app.outbox, now);
    const enqueueSeconds = (performance.now() - started) / 1000;
    const planIds = (
      await queryRows(database.db, sql`SELECT id FROM savings_plans WHERE status = 'active' ORDER BY id`)
    ).map((row) => row.id);
    const outcomes = new Map();
    let next = 0;
    const worker = async () => {
      while (next < planIds.length) {
        const planId = planIds[next];
        next += 1;
        const outcome = await executeSavingsPlan(database.db, app.outbox, { planId, month }, now);
        outcomes.set(outcome, (outcomes.get(outcome) ?? 0) + 1);
      }
    };
    await Promise.all(Array.from({ length: CONCURRENCY }, worker));
    const seconds = (performance.now() - started) / 1000;
    const [bought] = await queryRows(
      database.db,
      sql`SELECT count(*)::int AS n FROM savings_plan_executions WHERE month = ${month} AND outcome = 'bought' AND shares = ${SHARES}`,
    );
    const purchases = Number(bought?.n ?? 0);
    const perSecond = purchases / seconds;
    const figures = {
      plans: PLANS,
      enqueued: due.enqueued,
      enqueueSeconds: Number(enqueueSeconds.toFixed(2)),
      seconds: Number(seconds.toFixed(1)),
      purchases,
      purchasesPerSecond: Number(perSecond.toFixed(1)),
      concurrency: CONCURRENCY,
      apiSample: SAMPLE,
      apiPurchasesPerSecond: Number(apiPerSecond.toFixed(1)),
      apiExtrapolatedSeconds: Number((PLANS / apiPerSecond).toFixed(1)),
      ratio: Number((perSecond / apiPerSecond).toFixed(2)),
      loadAverage1m: Number(load.toFixed(2)),
      cores: os.cpus().length,
      outcomes: Object.fromEntries(outcomes),
      ok: purchases === PLANS,
    };
    log(
      `monthly execution: ${PLANS} plans (enqueued ${due.enqueued} in ${enqueueSeconds.toFixed(1)} s), ${purchases} purchases in ${seconds.toFixed(1)} s = ${perSecond.toFixed(1)} purchases/s with ${CONCURRENCY} workers`,
    );
    log(
      `ratio to the API one by one: ${figures.ratio} (the API would take ${figures.apiExtrapolatedSeconds} s for ${PLANS}); load average ${figures.loadAverage1m} on ${figures.cores} cores`,
    );
    if (asJson) process.stdout.write(`${JSON.stringify(figures)}\n`);
    process.exitCode = figures.ok ? 0 : 1;
  } catch (error) {
    console.error(error);
    process.exitCode = 1;
  } finally {
    for (const close of open) await close().catch(() => {});
    await benchDb.drop();
  }
};

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
