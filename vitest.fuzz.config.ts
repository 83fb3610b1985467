import { defineConfig } from 'vitest/config';

/**
 * `npm run test:fuzz` (issue 18): the seeded fuzz test over every operation of the OpenAPI
 * document, on its own budget. Its file does not end in `.test.ts`, so the default run
 * (vitest.config.ts) never runs it a second time; scripts/test.mjs runs it as its own step.
 */
export default defineConfig({
  test: {
    name: 'fuzz',
    environment: 'node',
    include: ['apps/api/src/**/*.fuzz.ts'],
    testTimeout: 900_000,
    hookTimeout: 300_000,
    pool: 'forks',
    env: { TZ: 'Europe/Vienna' },
  },
});
