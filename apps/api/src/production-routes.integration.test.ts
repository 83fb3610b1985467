import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  type AppInspection,
  formatRouteTable,
  inspectApp,
  PRODUCTION_ROUTES_FILE,
  productionRouteTableConfig,
} from './route-table.js';
import { testConfig } from './test/test-app.js';
import { createTestDatabase, type TestDatabase } from './test/test-database.js';

/** Counts loads of the development module: a production build must never load it (ADR 0016). */
const devModuleLoads = vi.hoisted(() => ({ count: 0 }));
vi.mock('./modules/dev/index.js', async (importOriginal) => {
  devModuleLoads.count += 1;
  return importOriginal();
});

const DEV_PREFIXES = ['/api/v1/dev/', '/sandbox/'];
const isDevelopmentRoute = (route: { url: string; tags: string[] }) =>
  DEV_PREFIXES.some((prefix) => route.url.startsWith(prefix)) || route.tags.includes('Development');

let database: TestDatabase;
let production: AppInspection;

beforeAll(async () => {
  database = await createTestDatabase();
  production = await inspectApp(productionRouteTableConfig(), database);
});
afterAll(async () => database.close());

describe('the production route table', () => {
  it('holds no development or sandbox route, and the production build never loads the development module', () => {
    expect(production.routes.length).toBeGreaterThan(100);
    expect(production.routes.filter(isDevelopmentRoute)).toEqual([]);
    expect(devModuleLoads.count).toBe(0);
  });

  it('has no Development tag and no development path in its OpenAPI document', () => {
    const paths = Object.entries(production.openApi.paths ?? {});
    expect(paths.length).toBeGreaterThan(50);
    expect(
      paths.map(([path]) => path).filter((path) => DEV_PREFIXES.some((prefix) => path.startsWith(prefix))),
    ).toEqual([]);
    const tagged = paths.flatMap(([path, operations]) =>
      Object.entries(operations)
        .filter(([, operation]) => operation.tags?.includes('Development'))
        .map(([method]) => `${method} ${path}`),
    );
    expect(tagged).toEqual([]);
  });

  it('is the reviewed table in production-routes.txt (regenerate it with npm run routes:list)', async () => {
    const committed = await readFile(PRODUCTION_ROUTES_FILE, 'utf8');
    expect(formatRouteTable(production.routes)).toBe(committed);
  });
});

describe('outside production', () => {
  it('the development module registers every dev and sandbox route, tagged Development', async () => {
    const development = await inspectApp(testConfig(), database);
    expect(devModuleLoads.count).toBe(1);
    const dev = development.routes.filter(isDevelopmentRoute).filter((route) => route.method !== 'HEAD');
    expect(dev.map((route) => `${route.method} ${route.url}`).sort()).toEqual([
      'GET /api/v1/dev/mailbox',
      'GET /sandbox/ichapp/authorize',
      'GET /sandbox/idv/bav/:sessionId',
      'POST /api/v1/dev/alerts/scan',
      'POST /api/v1/dev/autoInvest/run',
      'POST /api/v1/dev/feedback/promptDue',
      'POST /api/v1/dev/forum/votings/:votingId/fastForward',
      'POST /api/v1/dev/identification/deliver',
      'POST /api/v1/dev/primary/purchaseEvent',
      'POST /api/v1/dev/psp/deliver',
      'POST /api/v1/dev/psp/income',
      'POST /api/v1/dev/psp/transfer',
      'POST /api/v1/dev/psp/wallet',
      'POST /api/v1/dev/register/publishRoots',
      'POST /api/v1/dev/savingsPlans/:planId/execute',
      'POST /api/v1/dev/securityApp/signingRequests',
      'POST /api/v1/dev/users/deletion/executeNow',
      'POST /api/v1/dev/users/verify',
      'POST /sandbox/ichapp/authorize',
      'POST /sandbox/ichapp/token',
    ]);
    expect(dev.every((route) => route.tags.includes('Development'))).toBe(true);
    // Everything else is the production table.
    const rest = development.routes.filter((route) => !isDevelopmentRoute(route));
    expect(formatRouteTable(rest)).toBe(formatRouteTable(production.routes));
  });
});
