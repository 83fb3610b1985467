import { buildApp } from './app.js';
import { ConfigError, loadConfig, publicUrl } from './config.js';
import { assertSeedAllowed, assertStartAllowed, DemoModeError, seedOf, startSummary } from './seed/demo-mode.js';

const SHUTDOWN_TIMEOUT_MS = 10_000;

/**
 * Starts one process of the product from the environment: `main.ts` (an API node, which also runs
 * the jobs unless WORKER=false) and `worker.ts` (jobs and outbox relay always on) both come here.
 */
export const runServer = async (env: Record<string, string | undefined>, role: 'api' | 'worker'): Promise<void> => {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(78);
    }
    throw error;
  }

  const app = await prepareServer(config);
  app.log.info({ role, ...startSummary(config, app.providerAdapters) }, 'start: seed and providers');
  const shutdown = (signal: string) => {
    app.log.info({ signal }, 'shutting down');
    const timer = setTimeout(() => process.exit(1), SHUTDOWN_TIMEOUT_MS);
    timer.unref();
    app
      .close()
      .then(() => process.exit(0))
      .catch(() => process.exit(1));
  };
  process.once('SIGINT', () => shutdown('SIGINT'));
  process.once('SIGTERM', () => shutdown('SIGTERM'));

  await app.listen({ host: config.HOST, port: config.PORT });
  const what = role === 'worker' ? 'Brickwise worker' : 'Brickwise';
  process.stdout.write(
    `\n${what} is running on ${publicUrl(config)} (database: ${app.database.kind}; jobs: ${config.WORKER ? 'on' : 'off'}; API reference: ${publicUrl(config)}/api/docs)\n\n`,
  );
};

/**
 * The app of a start, checked as a start checks it (issue 38 tests a production start with this):
 * a production start refuses the demo seed before anything is written, and sandbox providers, demo
 * accounts and demo keys before it listens (demo mode, ADR 0022).
 */
export const prepareServer = async (
  config: ReturnType<typeof loadConfig>,
  options: Parameters<typeof buildApp>[1] = {},
): Promise<Awaited<ReturnType<typeof buildApp>>> => {
  if (seedOf(config) === 'demo') assertSeedAllowed(config);
  const app = await buildApp(config, options);
  try {
    await assertStartAllowed({ config, adapters: app.providerAdapters, db: app.db });
  } catch (error) {
    await app.close();
    throw error;
  }
  return app;
};

export const exitOnFailure = (error: unknown): never => {
  if (error instanceof DemoModeError) {
    process.stderr.write(`${error.message}\n`);
    process.exit(78);
  }
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
};
