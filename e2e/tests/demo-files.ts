import { readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * The demo seed writes the demo investors' security-app keys and the demo staff's logins to
 * DATA_DIR/demo (ADR 0022); the browser tests' server (scripts/e2e-server.mjs) keeps its data
 * directory at .tmp/e2e-data-<port>. Read when a test needs them, after the server has seeded.
 */
export const E2E_DATA_DIR = path.resolve(
  import.meta.dirname,
  '../../.tmp',
  `e2e-data-${process.env.E2E_PORT ?? '3199'}`,
);

export const readDemoFile = <T>(name: string): T =>
  JSON.parse(readFileSync(path.join(E2E_DATA_DIR, 'demo', name), 'utf8')) as T;
