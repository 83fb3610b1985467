import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from './test/free-port.js';
import { buildServer, makeProductionTree } from './test/production-tree.js';
import { runSmokeFlow } from './test/smoke-flow.js';
import { type SpawnedServer, spawnNode, waitForReady } from './test/spawn-server.js';
import { createScratchDatabase, type ScratchDatabase } from './test/test-database.js';

/**
 * Issue 19: `npm run build` gives plain JavaScript that `npm start` runs in production with only
 * the production dependencies installed — no tsx, no TypeScript — and the product works: health,
 * login, a purchase signed. PGlite by default, a fresh PostgreSQL database when DATABASE_URL is set.
 */
const tree = path.join(os.tmpdir(), `bw-production-${process.pid}`);
let server: SpawnedServer;
let baseUrl: string;
let database: ScratchDatabase | null = null;

beforeAll(async () => {
  buildServer();
  makeProductionTree(tree);
  database = process.env.DATABASE_URL ? await createScratchDatabase('bw_compiled') : null;
  const port = await freePort();
  baseUrl = `http://127.0.0.1:${port}`;
  server = spawnNode(['scripts/start.mjs'], {
    cwd: tree,
    env: {
      PATH: process.env.PATH ?? '',
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      PUBLIC_URL: baseUrl,
      WEB_ORIGINS: baseUrl,
      LOG_LEVEL: 'warn',
      DEMO_MODE: 'true',
      PSP_WEBHOOK_SECRET: 'compiled-test-psp-webhook-secret',
      IDV_WEBHOOK_SECRET: 'compiled-test-idv-webhook-secret',
      STAFF_SECRET_KEY: 'compiled-test-staff-secret-key-0123456789abcdef',
      REGISTER_SIGNING_KEY: 'cmVnaXN0ZXItdGVzdC1rZXktbm90LWZvci1wcm9kdWM',
      DATA_DIR: path.join(tree, 'data'),
      ...(database ? { DATABASE_URL: database.url } : {}),
    },
  });
  await waitForReady(baseUrl, server, 300_000);
}, 400_000);

afterAll(async () => {
  await server?.stop();
  await database?.drop();
  fs.rmSync(tree, { recursive: true, force: true });
});

describe('the compiled server with production dependencies only', () => {
  it('has no TypeScript tooling to lean on', () => {
    const fromTree = createRequire(path.join(tree, 'apps/api/dist/main.js'));
    for (const tool of ['tsx', 'typescript', 'vitest', 'esbuild']) expect(() => fromTree.resolve(tool)).toThrow();
    expect(() => fromTree.resolve('fastify')).not.toThrow();
  });

  it('runs in production: the development module is not there, the smoke flow passes', async () => {
    expect(server.output()).toContain('Brickwise is running');
    expect((await fetch(`${baseUrl}/api/v1/dev/mailbox`)).status).toBe(404);
    const { status, purchase } = await runSmokeFlow(baseUrl, path.join(tree, 'data'));
    expect(purchase.status).toBe('reserved');
    expect(status).toBe('settled');
  });
});
