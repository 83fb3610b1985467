// The real product (API serving the built web app) on a free port and a throw-away embedded database,
// for scripts that measure it. Stops and removes its data folder again.
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { ROOT } from './web-build.mjs';

const READY_TIMEOUT_MS = 120_000;
const READY_POLL_MS = 250;
const STOP_TIMEOUT_MS = 10_000;

/** A port nobody listens on right now. */
export const freePort = () =>
  new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

const waitUntilReady = async (origin, child) => {
  const deadline = Date.now() + READY_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server exited with code ${child.exitCode} before it was ready`);
    try {
      const response = await fetch(`${origin}/readyz`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await sleep(READY_POLL_MS);
  }
  throw new Error(`the server was not ready within ${READY_TIMEOUT_MS / 1000} s`);
};

/**
 * Starts `apps/api/src/main.ts` with the demo catalogue seeded into a fresh PGlite folder (the
 * DATABASE_URL of the caller's environment is ignored, so a measurement never touches a real database).
 * Resolves to `{ origin, stop }` once `/readyz` answers.
 */
export const startProductServer = async ({ logLevel = 'warn' } = {}) => {
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const tempDir = await mkdtemp(path.join(os.tmpdir(), 'bw-product-'));
  const { DATABASE_URL: _ignored, ...inherited } = process.env;
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, 'apps/api/src/main.ts')], {
    cwd: ROOT,
    stdio: ['ignore', 'inherit', 'inherit'],
    env: {
      ...inherited,
      NODE_ENV: 'test',
      HOST: '127.0.0.1',
      PORT: String(port),
      PUBLIC_URL: origin,
      DATA_DIR: path.join(tempDir, 'data'),
      LOG_LEVEL: logLevel,
      RATE_LIMIT_MAX: '100000',
      SEED: 'demo',
    },
  });
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await Promise.race([exited, sleep(STOP_TIMEOUT_MS)]);
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    }
    await rm(tempDir, { recursive: true, force: true });
  };
  try {
    await waitUntilReady(origin, child);
  } catch (error) {
    await stop();
    throw error;
  }
  return { origin, stop };
};
