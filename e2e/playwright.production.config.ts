import { defineConfig } from '@playwright/test';
import base from './playwright.config.js';

/**
 * Issue 38: the browser tests of the real providers' screens against a production-like start
 * (NODE_ENV=production, no demo mode, Onfido, IDnow, Skribble, Mangopay and Twilio at their local
 * contract servers; scripts/e2e-production-server.mjs). Only the `*.production.spec.ts` files.
 */
const port = Number(process.env.E2E_PRODUCTION_PORT ?? 3299);

export default defineConfig({
  ...base,
  testMatch: /.*\.production\.spec\.ts/,
  testIgnore: [],
  reporter: [['list'], ['json', { outputFile: '../.tmp/e2e-production-results.json' }]],
  use: { ...base.use, baseURL: `http://127.0.0.1:${port}` },
  projects: base.projects?.filter((project) => project.name !== 'app'),
  webServer: {
    command: 'node ../scripts/e2e-production-server.mjs',
    url: `http://127.0.0.1:${port}/readyz`,
    timeout: 300_000,
    reuseExistingServer: false,
    stdout: 'pipe',
    stderr: 'pipe',
    env: { E2E_PORT: String(port), E2E_CONTROL_PORT: String(port + 2) },
  },
});
