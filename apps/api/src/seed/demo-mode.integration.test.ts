import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { users } from '@bw/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { loadConfig, REPO_ROOT } from '../config.js';
import { productionRouteTableConfig } from '../route-table.js';
import { createTestDatabase, type TestDatabase } from '../test/test-database.js';
import { DemoModeError, demoModeOf, seedOf, startProblems } from './demo-mode.js';

/**
 * Issue 18 defect 1: a production start seeded the demo investors. Now the demo seed, sandbox
 * providers, demo accounts and demo keys need DEMO_MODE=true when NODE_ENV=production.
 */
const PRODUCTION_ENV = {
  NODE_ENV: 'production',
  PUBLIC_URL: 'https://brickwise.example',
  PSP_WEBHOOK_SECRET: 'demo-mode-test-psp-webhook-secret',
  IDV_WEBHOOK_SECRET: 'demo-mode-test-idv-webhook-secret',
  STAFF_SECRET_KEY: 'demo-mode-test-staff-secret-key-0123456789',
  REGISTER_SIGNING_KEY: 'cmVnaXN0ZXItdGVzdC1rZXktbm90LWZvci1wcm9kdWM',
};

let database: TestDatabase;
let scratch: string;

beforeAll(async () => {
  database = await createTestDatabase();
  scratch = mkdtempSync(path.join(os.tmpdir(), 'bw-demo-mode-'));
});
afterAll(async () => {
  await database?.close();
  rmSync(scratch, { recursive: true, force: true });
});

describe('DEMO_MODE', () => {
  it('is on outside production and off with NODE_ENV=production unless DEMO_MODE=true is given', () => {
    expect(demoModeOf(loadConfig({}))).toBe(true);
    expect(seedOf(loadConfig({}))).toBe('demo');
    expect(demoModeOf(loadConfig(PRODUCTION_ENV))).toBe(false);
    expect(seedOf(loadConfig(PRODUCTION_ENV))).toBe('none');
    expect(demoModeOf(loadConfig({ ...PRODUCTION_ENV, DEMO_MODE: 'true' }))).toBe(true);
    expect(seedOf(loadConfig({ ...PRODUCTION_ENV, DEMO_MODE: 'true' }))).toBe('demo');
    expect(demoModeOf(loadConfig({ NODE_ENV: 'development', DEMO_MODE: 'false' }))).toBe(false);
  });

  it('refuses the demo seed in production without DEMO_MODE, even when SEED=demo is asked for', async () => {
    // buildApp runs the seed when SEED=demo: it refuses, and the app is closed again.
    await expect(buildApp({ ...productionRouteTableConfig(), SEED: 'demo' }, { database })).rejects.toBeInstanceOf(
      DemoModeError,
    );
    expect(await database.db.select().from(users).where(eq(users.email, 'anna.berger@demo.brickwise.at'))).toEqual([]);
  });

  it('names sandbox providers, demo accounts and demo keys as problems of a production start', async () => {
    const config = { ...productionRouteTableConfig(), DATA_DIR: scratch };
    const app = await buildApp(config, { database });
    try {
      const facts = { config, adapters: app.providerAdapters, db: app.db };
      const problems = await startProblems(facts);
      expect(problems.join('\n')).toContain('sandbox providers are configured: email, sms, payments');
      await database.db.insert(users).values({ email: 'someone@demo.brickwise.at', partnerId: 'brickwise' });
      mkdirSync(path.join(scratch, 'demo'));
      const more = await startProblems(facts);
      expect(more.join('\n')).toContain('1 demo account(s)');
      expect(more.join('\n')).toContain(`demo keys are present in ${path.join(scratch, 'demo')}`);
      // The same facts with DEMO_MODE=true: a demo installation may have all of it.
      expect(await startProblems({ ...facts, config: { ...config, DEMO_MODE: true } })).toEqual([]);
    } finally {
      await app.close();
    }
  });

  it('a production start stops with a clear message and exit code 78, and seeds nothing', () => {
    const dataDir = path.join(scratch, 'production-data');
    const run = (env: Record<string, string>) =>
      spawnSync(process.execPath, ['--import', 'tsx', path.join(REPO_ROOT, 'apps/api/src/main.ts')], {
        cwd: REPO_ROOT,
        env: {
          PATH: process.env.PATH ?? '',
          ...PRODUCTION_ENV,
          DATA_DIR: dataDir,
          PORT: '0',
          LOG_LEVEL: 'silent',
          ...env,
        },
        encoding: 'utf8',
        // A cold start compiles the whole server through tsx: on a loaded 2-core machine that alone
        // took over a minute. The bound only keeps a hanging start from hanging the suite.
        timeout: 150_000,
      });
    const seedAsked = run({ SEED: 'demo' });
    expect(seedAsked.status).toBe(78);
    expect(seedAsked.stderr).toContain('the demo seed was asked for (SEED=demo)');
    expect(seedAsked.stderr).toContain('DEMO_MODE=true');
    // Refused before the database was opened: nothing written.
    expect(existsSync(dataDir)).toBe(false);

    const plain = run({ WORKER: 'false' });
    expect(plain.status).toBe(78);
    expect(plain.stderr).toContain('sandbox providers are configured');
    expect(plain.stderr).not.toContain('demo account');
  }, 330_000);
});
