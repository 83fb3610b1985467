import { defineConfig } from 'vitest/config';

/**
 * Three tiers by suffix (docs/style.md): `*.test.ts(x)` pure and fast, `*.integration.test.ts`
 * against a real database (PGlite by default, PostgreSQL when DATABASE_URL is set), and the
 * Playwright specs under e2e/ (run by scripts/test.mjs, not by vitest).
 */
export default defineConfig({
  test: {
    reporters: ['default', 'json'],
    outputFile: { json: '.tmp/vitest-results.json' },
    projects: [
      {
        test: {
          name: 'unit',
          environment: 'node',
          include: [
            'packages/*/src/**/*.test.ts',
            'apps/api/src/**/*.test.ts',
            'apps/native/*.test.ts',
            'scripts/**/*.test.ts',
          ],
          exclude: ['**/*.integration.test.ts', '**/node_modules/**'],
          env: { TZ: 'Europe/Vienna' },
        },
      },
      {
        extends: './apps/web/vite.config.ts',
        test: {
          name: 'web',
          root: './apps/web',
          environment: 'jsdom',
          include: ['src/**/*.test.{ts,tsx}'],
          exclude: ['**/*.integration.test.ts', '**/node_modules/**'],
          env: { TZ: 'Europe/Vienna' },
        },
      },
      {
        test: {
          name: 'integration',
          environment: 'node',
          include: ['apps/api/src/**/*.integration.test.ts', 'packages/*/src/**/*.integration.test.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          pool: 'forks',
          env: { TZ: 'Europe/Vienna' },
        },
      },
    ],
  },
});
