import type { FastifyInstance } from 'fastify';
import { type BuildOptions, buildApp } from '../app.js';
import { type AppConfig, loadConfig } from '../config.js';
import { createTestDatabase, type TestDatabase } from './test-database.js';

export type TestApp = { app: FastifyInstance; database: TestDatabase; close(): Promise<void> };

export const testConfig = (overrides: Record<string, string> = {}): AppConfig =>
  loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    WORKER: 'false',
    RATE_LIMIT_MAX: '1000000',
    SEED: 'none',
    WEB_DIST_DIR: '/nonexistent-web-dist',
    ...overrides,
  });

/** The real app on a fresh test database; `app.inject` drives it without a socket. */
export const createTestApp = async (
  options: { env?: Record<string, string>; build?: Omit<BuildOptions, 'database'>; database?: TestDatabase } = {},
): Promise<TestApp> => {
  // The demo seed makes its own catalogue through the operations: it starts from an empty database.
  const database = options.database ?? (await createTestDatabase({ fixtures: options.env?.SEED !== 'demo' }));
  const app = await buildApp(testConfig(options.env), { ...options.build, database });
  await app.ready();
  return {
    app,
    database,
    close: async () => {
      await app.close();
      if (!options.database) await database.close();
    },
  };
};
