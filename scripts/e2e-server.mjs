// The server the browser tests run against: the real product on a fresh database
// (a new PostgreSQL database when DATABASE_URL is set, else a new PGlite folder), removed afterwards.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { ensureWebBuild, ROOT } from './lib/web-build.mjs';

const port = process.env.E2E_PORT ?? '3199';
const origin = `http://127.0.0.1:${port}`;
ensureWebBuild();

const env = {
  ...process.env,
  NODE_ENV: 'test',
  HOST: '127.0.0.1',
  PORT: port,
  PUBLIC_URL: origin,
  LOG_LEVEL: process.env.E2E_LOG_LEVEL ?? 'warn',
  RATE_LIMIT_MAX: '100000',
  // Every browser test registers its users from 127.0.0.1; the per-address auth limits scale up.
  ADDRESS_THROTTLE_FACTOR: '100',
  SEED: 'demo',
};

// The data directory (PGlite, and the demo keys the seed writes to DATA_DIR/demo) is named after the
// port, so the tests find the keys (e2e/tests/demo-files.ts).
const dataDir = path.join(ROOT, '.tmp', `e2e-data-${port}`);
fs.rmSync(dataDir, { recursive: true, force: true });
env.DATA_DIR = dataDir;
let cleanup = async () => fs.rmSync(dataDir, { recursive: true, force: true });
if (process.env.DATABASE_URL) {
  const name = `bw_e2e_${process.pid}`;
  const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(process.env.DATABASE_URL);
  url.pathname = `/${name}`;
  env.DATABASE_URL = url.toString();
  cleanup = async () => {
    fs.rmSync(dataDir, { recursive: true, force: true });
    const c = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await c.connect();
    await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await c.end();
  };
}

const child = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, 'apps/api/src/main.ts')], {
  cwd: ROOT,
  stdio: 'inherit',
  env,
});
const stop = (signal) => child.kill(signal);
process.on('SIGINT', () => stop('SIGINT'));
process.on('SIGTERM', () => stop('SIGTERM'));
child.on('exit', async (code) => {
  await cleanup().catch(() => {});
  process.exit(code ?? 0);
});
