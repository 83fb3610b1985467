import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  API_CLIENT_OPERATIONS_DIR,
  API_CLIENT_OPERATIONS_FILE,
  API_CLIENT_OPERATIONS_TYPES_FILE,
  API_CLIENT_TYPES_FILE,
  productionOpenApiDocument,
  renderApiClientOperations,
  renderApiClientTypes,
} from './api-client-types.js';
import { inspectApp } from './route-table.js';
import { testConfig } from './test/test-app.js';
import { createTestDatabase, type TestDatabase } from './test/test-database.js';

/**
 * The API document serves integrators (issue 19, ADR 0037): `redocly lint` with the recommended
 * rules finds no error in what the server serves at `/api/openapi.json`, every operation has an
 * operationId and declared security, and packages/api-client's types are generated from it.
 */
const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const REDOCLY = path.join(ROOT, 'node_modules/.bin/redocly');

type Operation = { operationId?: string; security?: Record<string, string[]>[]; responses?: Record<string, unknown> };
type Document = { paths: Record<string, Record<string, Operation>>; components?: { securitySchemes?: object } };
type LintReport = {
  totals: { errors: number; warnings: number };
  problems: { ruleId: string; severity: string; message: string }[];
};

const operationsOf = (document: Document) =>
  Object.entries(document.paths).flatMap(([url, operations]) =>
    Object.entries(operations).map(([method, operation]) => ({ key: `${method.toUpperCase()} ${url}`, operation })),
  );

let database: TestDatabase;
let production: Document;
let development: Document;
let workDir: string;

/** `npx @redocly/cli lint` on the document, with the repository's redocly.yaml (recommended, no telemetry). */
const lint = (name: string, document: Document): LintReport => {
  const file = path.join(workDir, `${name}.json`);
  writeFileSync(file, JSON.stringify(document));
  const result = spawnSync(REDOCLY, ['lint', file, '--format=json', '--config', path.join(ROOT, 'redocly.yaml')], {
    cwd: ROOT,
    encoding: 'utf8',
    env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
    maxBuffer: 64 * 1024 * 1024,
  });
  const start = result.stdout.indexOf('{');
  if (start < 0) throw new Error(`redocly lint gave no report: ${result.stderr}`);
  return JSON.parse(result.stdout.slice(start)) as LintReport;
};

beforeAll(async () => {
  workDir = mkdtempSync(path.join(tmpdir(), 'bw-openapi-'));
  database = await createTestDatabase();
  production = (await productionOpenApiDocument(database)) as Document;
  development = (await inspectApp(testConfig(), database)).openApi as Document;
}, 600_000);
afterAll(async () => {
  rmSync(workDir, { recursive: true, force: true });
  await database.close();
});

describe('the served OpenAPI document', () => {
  it.each([
    ['production', () => production],
    ['development (with the development module)', () => development],
  ])(
    '%s: redocly lint with the recommended rules reports no error',
    (_name, documentOf) => {
      const report = lint(_name.split(' ')[0] ?? 'document', documentOf());
      const errors = report.problems.filter((problem) => problem.severity === 'error');
      expect(errors.map((problem) => `${problem.ruleId}: ${problem.message}`)).toEqual([]);
      expect(report.totals.errors).toBe(0);
    },
    120_000,
  );

  it('names every operation uniquely and declares who may call it', () => {
    const operations = operationsOf(development);
    expect(operations.length).toBeGreaterThan(200);
    const ids = operations.map(({ operation }) => operation.operationId);
    expect(ids.filter((id) => !id)).toEqual([]);
    expect(new Set(ids).size).toBe(ids.length);
    expect(operations.filter(({ operation }) => !Array.isArray(operation.security)).map(({ key }) => key)).toEqual([]);
    const byKey = new Map(operations.map(({ key, operation }) => [key, operation]));
    expect(byKey.get('POST /auth/login')?.security).toEqual([]);
    expect(byKey.get('GET /api/v1/user')?.security).toEqual([{ sessionCookie: [] }]);
    expect(byKey.get('POST /api/v1/securityApp/signingRequests/{id}/signature')).toMatchObject({
      operationId: 'postSecurityAppSigningRequestsByIdSignature',
      security: [{ securityAppToken: [] }, { sessionCookie: [], csrfHeader: [] }],
    });
    expect(byKey.get('POST /api/v1/payment/webhook')?.security).toEqual([{ pspSignature: [] }]);
    expect(byKey.get('POST /api/v1/identification/webhook')?.security).toEqual([{ idvSignature: [] }]);
    expect(byKey.get('GET /admin/api/v1/audit/export')?.security).toEqual([{ staffSessionCookie: [] }]);
    // The session guard's 401 and the CSRF check's 403 are declared where they can happen.
    expect(Object.keys(byKey.get('POST /api/v1/securityApp/registerPrivate')?.responses ?? {})).toEqual(
      expect.arrayContaining(['200', '400', '401', '403', '429']),
    );
  });

  it('is what packages/api-client was generated from (regenerate with npm run api-client:generate)', async () => {
    const committed = readFileSync(API_CLIENT_TYPES_FILE, 'utf8');
    expect(await renderApiClientTypes(production)).toBe(committed);
    const operations = renderApiClientOperations(production);
    expect(operations.js).toBe(readFileSync(API_CLIENT_OPERATIONS_FILE, 'utf8'));
    expect(operations.dts).toBe(readFileSync(API_CLIENT_OPERATIONS_TYPES_FILE, 'utf8'));
    const committedModules = Object.fromEntries(
      readdirSync(API_CLIENT_OPERATIONS_DIR).map((name) => [
        name,
        readFileSync(new URL(name, API_CLIENT_OPERATIONS_DIR), 'utf8'),
      ]),
    );
    expect(committedModules).toEqual(operations.modules);
  }, 120_000);
});
