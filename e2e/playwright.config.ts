import { defineConfig, devices } from '@playwright/test';

/**
 * One project per route family (issue 2). The server is the real product: the API
 * serving the built web app, on a fresh database (scripts/e2e-server.mjs).
 */
const port = Number(process.env.E2E_PORT ?? 3199);
export const baseURL = `http://127.0.0.1:${port}`;
/** The local map tile server of the tests (tests/tile-server.ts); the server's MAP_TILE_URL points at it. */
export const tilePort = Number(process.env.E2E_TILE_PORT ?? port + 1);
export const tileOrigin = `http://127.0.0.1:${tilePort}`;

const chromium = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
};

export default defineConfig({
  testDir: './tests',
  // The real providers' screens run against their own production-like server (playwright.production.config.ts).
  testIgnore: /.*\.production\.spec\.ts/,
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list'], ['json', { outputFile: '../.tmp/e2e-results.json' }]],
  outputDir: '../.tmp/test-results',
  use: {
    baseURL,
    headless: true,
    launchOptions: chromium,
    locale: 'de-AT',
    timezoneId: 'Europe/Vienna',
    trace: 'retain-on-failure',
  },
  projects: [
    {
      name: 'app',
      // The native shell announces itself through the user agent (see apps/web/src/lib/platform.ts).
      use: {
        ...devices['Pixel 7'],
        viewport: { width: 390, height: 844 },
        userAgent: `${devices['Pixel 7'].userAgent} BrickwiseNativeShell/1.7.5`,
      },
      metadata: { family: 'app' },
    },
    {
      name: 'mobileWeb',
      use: { ...devices['Pixel 7'], viewport: { width: 390, height: 844 } },
      metadata: { family: 'mobileWeb' },
    },
    {
      name: 'desktopWeb',
      use: { viewport: { width: 1280, height: 800 } },
      metadata: { family: 'desktopWeb' },
    },
  ],
  webServer: {
    command: 'node ../scripts/e2e-server.mjs',
    url: `${baseURL}/readyz`,
    // A first start seeds the demo through the operations (about half a minute on a busy machine).
    timeout: 300_000,
    reuseExistingServer: false,
    stdout: 'pipe',
    stderr: 'pipe',
    env: {
      E2E_PORT: String(port),
      MAP_TILE_URL: `${tileOrigin}/tiles/{z}/{x}/{y}.png`,
      MAP_TILE_ATTRIBUTION: 'Testkacheln',
    },
  },
});
