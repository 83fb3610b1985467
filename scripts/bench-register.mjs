#!/usr/bin/env node
/**
 * The share register's cost inside purchases (issue 39), on PostgreSQL. In one run, on one bench
 * database, the real app in this process: complete purchases from the issuer (initInvestment →
 * signing request → Ed25519 signature → settlement with the ledger postings and the register
 * entry), BENCH_CLIENTS concurrent investors, alternating phases with the register written and
 * without it (the baseline), each on a hot asset (every purchase the same asset: the register's
 * per-asset head is contended) and spread over BENCH_SPREAD_ASSETS assets. Reports purchases per
 * second with and without, and the ratio (target ≥ 0.9). Only a report: run it on a quiet machine.
 * Then, one purchase after another, the register's round trips: every query the pool sends is
 * counted, per purchase with and without the register (the difference is the register's), and the
 * round trips from the statement that takes the asset's head lock to the commit, that statement and
 * the COMMIT included (the serialised section of a hot asset; 1 when the COMMIT itself takes it).
 * These counts do not depend on load.
 *
 * Usage: npm run bench:register [-- --json]
 * Env: BENCH_DATABASE_URL (else DATABASE_URL, else postgres://root@127.0.0.1:5432/postgres),
 *      BENCH_DURATION_S (default 8, per phase), BENCH_CLIENTS (default 16), BENCH_ROUNDS (default 2),
 *      BENCH_SPREAD_ASSETS (default 20), BENCH_POOL_SIZE (default 24), BENCH_TRACE=1 (print the
 *      statements of one purchase with the register).
 */
import { performance } from 'node:perf_hooks';
import { register } from 'tsx/esm/api';
import { createBenchDatabase } from './lib/postgres-bench.mjs';

register();

const asJson = process.argv.includes('--json');
const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 8);
const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 16);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2);
const SPREAD_ASSETS = Number(process.env.BENCH_SPREAD_ASSETS ?? 20);
const POOL_SIZE = Number(process.env.BENCH_POOL_SIZE ?? 24);
const WARMUP_S = 2;
const TARGET_RATIO = 0.9;
const SHARES_PER_ASSET = 10_000_000;
const COUNTED_PURCHASES = 10;
/** BENCH_TRACE=1 prints the statements of the last counted purchase with the register, the head lock's marked. */
const TRACE = process.env.BENCH_TRACE === '1';
/**
 * The statement that takes an asset's register head lock: the append function (or, before ADR 0054,
 * the head's upsert); or the COMMIT, when the append was asked for at the commit (`register_appends`).
 */
const HEAD_LOCK = /register_append\(|insert into register_heads/i;
const AT_COMMIT = /insert into register_appends/i;
const COMMIT = /^\s*commit\b/i;

const log = (line) => {
  if (!asJson) process.stdout.write(`${line}\n`);
};

/**
 * Round trips per purchase with and without the register, one purchase after another, and those
 * of the settlement's serialised section: from the head lock's statement to its COMMIT.
 */
const countRoundTrips = async (database, purchase, setWriting) => {
  const sent = [];
  let active = true;
  const wrapped = new WeakSet();
  const wrap = (client) => {
    if (wrapped.has(client)) return;
    wrapped.add(client);
    const query = client.query.bind(client);
    client.query = (...args) => {
      if (active) sent.push({ client, text: String(typeof args[0] === 'string' ? args[0] : args[0]?.text) });
      return query(...args);
    };
  };
  database.pool.on('acquire', wrap);
  const count = async (withRegister) => {
    setWriting(withRegister);
    await purchase();
    sent.length = 0;
    const underLock = [];
    for (let i = 0; i < COUNTED_PURCHASES; i += 1) {
      const from = sent.length;
      await purchase();
      const lock = sent.findIndex(
        (query, index) => index >= from && (HEAD_LOCK.test(query.text) || AT_COMMIT.test(query.text)),
      );
      if (lock < 0) continue;
      const commit = sent.findIndex(
        (query, index) => index > lock && query.client === sent[lock].client && COMMIT.test(query.text),
      );
      const section = sent
        .slice(AT_COMMIT.test(sent[lock].text) ? commit : lock, commit + 1)
        .filter((query) => query.client === sent[lock].client);
      underLock.push(section.length);
      if (TRACE && i === COUNTED_PURCHASES - 1)
        for (const query of sent.slice(from))
          log(`    ${query === sent[lock] ? '>' : ' '} ${query.text.replace(/\s+/g, ' ').slice(0, 140)}`);
    }
    return { perPurchase: sent.length / COUNTED_PURCHASES, underLock: underLock.length ? Math.max(...underLock) : 0 };
  };
  try {
    const without = await count(false);
    const withRegister = await count(true);
    return {
      withRegister: withRegister.perPurchase,
      withoutRegister: without.perPurchase,
      register: Number((withRegister.perPurchase - without.perPurchase).toFixed(1)),
      underHeadLock: withRegister.underLock,
    };
  } finally {
    active = false;
    database.pool.off('acquire', wrap);
    setWriting(true);
  }
};

const main = async () => {
  const benchDb = await createBenchDatabase('bw_bench_register');
  let app = null;
  let database = null;
  try {
    const { openDatabase, migrate, assets, queryRows } = await import('@bw/db');
    const { eq, sql } = await import('drizzle-orm');
    const { loadTestFixtures } = await import('../apps/api/src/test/fixtures.ts');
    const { createBulkInvestors, signPayload } = await import('../apps/api/src/test/bulk-investors.ts');
    const { buildApp } = await import('../apps/api/src/app.ts');
    const { testConfig } = await import('../apps/api/src/test/test-app.ts');
    const { setRegisterWritingForBenchmark } = await import(
      '../apps/api/src/modules/share-register/register-writer.ts'
    );
    database = await openDatabase({
      kind: 'postgres',
      connectionString: benchDb.connectionString,
      poolSize: POOL_SIZE,
    });
    await migrate(database.db);
    await loadTestFixtures(database.db);
    const [template] = await database.db.select().from(assets).where(eq(assets.id, 'pv-landshut-agri'));
    const ids = Array.from({ length: SPREAD_ASSETS + 1 }, (_, i) => `bench-register-${i}`);
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
        pricePerShareCents: 10_000n,
        totalShares: SHARES_PER_ASSET,
        availableShares: SHARES_PER_ASSET,
        minimumSubscriptionShares: 1,
      })),
    );
    const investors = await createBulkInvestors(database.db, CLIENTS, { cashCents: 100_000_000_000n });
    app = await buildApp(
      testConfig({ DATABASE_URL: benchDb.connectionString, NODE_ENV: 'development', RATE_LIMIT_MAX: '1000000000' }),
      { database },
    );
    await app.ready();
    log(`database ${benchDb.name}: ${ids.length} assets, ${investors.length} investors, ${CLIENTS} clients`);

    const send = async (method, path, investor, body) => {
      const response = await app.inject({
        method,
        url: path,
        headers: { ...investor.headers, ...(body ? { 'content-type': 'application/json' } : {}) },
        payload: body ? JSON.stringify(body) : undefined,
      });
      const json = response.json();
      if (response.statusCode !== 200)
        throw new Error(`${method} ${path}: ${response.statusCode} ${json?.error?.code}`);
      return json.data;
    };
    const purchaseOnce = async (investor, assetId) => {
      const purchase = await send('POST', `/api/v1/assets/initInvestment/${assetId}`, investor, {
        shares: 1,
        acknowledgedAppropriateness: true,
      });
      const request = await send('GET', `/api/v1/securityApp/signingRequests/${purchase.signingRequestId}`, investor);
      await send('POST', `/api/v1/securityApp/signingRequests/${purchase.signingRequestId}/signature`, investor, {
        signature: signPayload(investor, request.canonicalPayload),
      });
    };
    const phase = async (pickAsset, seconds) => {
      let done = 0;
      const failures = [];
      const deadline = performance.now() + seconds * 1000;
      const started = performance.now();
      await Promise.all(
        investors.map(async (investor) => {
          while (performance.now() < deadline) {
            try {
              await purchaseOnce(investor, pickAsset());
              done += 1;
            } catch (error) {
              failures.push(error.message);
            }
          }
        }),
      );
      return { perSecond: done / ((performance.now() - started) / 1000), purchases: done, failures };
    };
    const [hot, ...spread] = ids;
    const workloads = {
      hot: () => hot,
      spread: () => spread[Math.floor(Math.random() * spread.length)],
    };
    const results = {};
    for (const [name, pick] of Object.entries(workloads)) {
      const sums = { with: [], without: [] };
      let failures = 0;
      setRegisterWritingForBenchmark(true);
      await phase(pick, WARMUP_S);
      for (let round = 0; round < ROUNDS; round += 1) {
        for (const mode of round % 2 === 0 ? ['with', 'without'] : ['without', 'with']) {
          setRegisterWritingForBenchmark(mode === 'with');
          const run = await phase(pick, DURATION_S);
          sums[mode].push(run.perSecond);
          failures += run.failures.length;
          log(`  ${name} ${mode.padEnd(7)} register: ${run.perSecond.toFixed(1)} purchases/s (${run.purchases})`);
        }
      }
      setRegisterWritingForBenchmark(true);
      const mean = (values) => values.reduce((a, b) => a + b, 0) / values.length;
      results[name] = {
        withRegister: Number(mean(sums.with).toFixed(1)),
        withoutRegister: Number(mean(sums.without).toFixed(1)),
        ratio: Number((mean(sums.with) / mean(sums.without)).toFixed(3)),
        failures,
      };
      log(
        `${name}: ${results[name].withRegister} purchases/s with the register, ${results[name].withoutRegister} without, ratio ${results[name].ratio} (target ≥ ${TARGET_RATIO})`,
      );
    }
    const trips = await countRoundTrips(
      database,
      () => purchaseOnce(investors[0], hot),
      setRegisterWritingForBenchmark,
    );
    results.roundTrips = trips;
    log(
      `register round trips per purchase: ${trips.register} (${trips.withRegister} with, ${trips.withoutRegister} without), ${trips.underHeadLock} from the head lock to the commit (both included)`,
    );
    const [entries] = await queryRows(database.db, sql`SELECT count(*)::int AS n FROM register_entries`);
    log(`register entries written: ${entries?.n ?? 0}`);
    if (asJson)
      process.stdout.write(
        `${JSON.stringify({ clients: CLIENTS, durationS: DURATION_S, rounds: ROUNDS, targetRatio: TARGET_RATIO, ...results })}\n`,
      );
    const failed = Object.values(results).some((result) => result.failures > 0);
    if (failed) process.exitCode = 1;
  } finally {
    await app?.close();
    await database?.close();
    await benchDb.drop();
  }
};

await main();
