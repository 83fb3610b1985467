// Shared by the PostgreSQL benchmarks (bench:api, bench:buy): a throw-away database and a real
// API server process on it.
import { spawn } from 'node:child_process';
import path from 'node:path';
import pg from 'pg';
import { freePort } from './product-server.mjs';
import { ROOT } from './web-build.mjs';

/** BENCH_READY_TIMEOUT_MS: longer on a machine busy with other work (the server compiles its TypeScript at start). */
const READY_TIMEOUT_MS = Number(process.env.BENCH_READY_TIMEOUT_MS ?? 180_000);
const STOP_TIMEOUT_MS = 10_000;

export const baseDatabaseUrl = () =>
  process.env.BENCH_DATABASE_URL ?? process.env.DATABASE_URL ?? 'postgres://root@127.0.0.1:5432/postgres';

export const withDatabase = (url, name) => {
  const parsed = new URL(url);
  parsed.pathname = `/${name}`;
  return parsed.toString();
};

/** Runs one statement on the maintenance database (CREATE/DROP DATABASE). */
export const admin = async (sql) => {
  const client = new pg.Client({ connectionString: baseDatabaseUrl() });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
};

/** A fresh database for one run; `drop` removes it (also when the run failed). */
export const createBenchDatabase = async (prefix) => {
  const name = `${prefix}_${process.pid}_${Date.now().toString(36)}`;
  await admin(`CREATE DATABASE ${name}`);
  return {
    name,
    connectionString: withDatabase(baseDatabaseUrl(), name),
    drop: () => admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
  };
};

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * `apps/api/src/main.ts` on `connectionString`, resolved once /readyz answers: `{ url, stop }`.
 * BENCH_SERVER_NODE_ARGS adds Node options to the server only, e.g. `--cpu-prof --cpu-prof-dir=prof`
 * to profile it under load (Node refuses those in NODE_OPTIONS).
 */
export const startApiOnPostgres = async (connectionString, env = {}) => {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const nodeArgs = (process.env.BENCH_SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const child = spawn(process.execPath, [...nodeArgs, '--import', 'tsx', path.join(ROOT, 'apps/api/src/main.ts')], {
    cwd: ROOT,
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
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await Promise.race([exited, sleep(STOP_TIMEOUT_MS)]);
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  };
  const deadline = Date.now() + READY_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error('server exited before it was ready');
    try {
      if ((await fetch(`${url}/readyz`)).ok) return { url, stop, pid: child.pid };
    } catch {
      // not listening yet
    }
    await sleep(200);
  }
  await stop();
  throw new Error(`server not ready within ${READY_TIMEOUT_MS} ms`);
};

/**
 * Inserts primary-market assets `ids` (copies of the fixture asset `pv-landshut-agri`, an Austrian
 * KG participation, minimum one share) into a migrated database with the test fixtures:
 * `titlePrefix id` as title, `priceCents` a share, `shares` shares all available;
 * `fundingLimitCents` when given, else the fixture's. Shared by bench:buy, bench:plans and the
 * reliability scripts (scripts/lib/load.mjs).
 */
export const insertBenchAssets = async (db, { ids, titlePrefix, priceCents, shares, fundingLimitCents }) => {
  const { assets } = await import('@bw/db');
  const { eq } = await import('drizzle-orm');
  const [template] = await db.select().from(assets).where(eq(assets.id, 'pv-landshut-agri'));
  await db.insert(assets).values(
    ids.map((id) => ({
      ...template,
      id,
      title: `${titlePrefix} ${id}`,
      serialNumber: `SN-${id}`,
      stage: 'primary',
      securityType: 'participationKG',
      countryCode: 'AT',
      spvCountryCode: 'AT',
      pricePerShareCents: priceCents,
      totalShares: shares,
      availableShares: shares,
      ...(fundingLimitCents === undefined ? {} : { fundingLimitCents }),
      minimumSubscriptionShares: 1,
    })),
  );
};
