import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './test-app.js';

/**
 * Property: nothing a client can send makes the server answer 5xx. Every route of the OpenAPI
 * document gets random path parameters, query strings, headers and bodies (valid JSON, broken
 * JSON, other media types).
 */
let t: TestApp;
let routes: { method: string; path: string }[] = [];

const FUZZ_SEED = Number(process.env.FUZZ_SEED ?? 20_261_122);
const RUNS_PER_ROUTE = Number(process.env.FUZZ_RUNS ?? 40);

beforeAll(async () => {
  t = await createTestApp();
  const doc = (await t.app.inject({ url: '/api/openapi.json' })).json() as {
    paths: Record<string, Record<string, unknown>>;
  };
  routes = Object.entries(doc.paths).flatMap(([path, methods]) =>
    Object.keys(methods).map((method) => ({ method: method.toUpperCase(), path })),
  );
});
afterAll(() => t.close());

const segment = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.constantFrom('demo', 'alpen', '0', '-1', '%00', '..', '%E0%A4%A', 'null', 'x'.repeat(300)),
);

const body = fc.oneof(
  fc.record({ contentType: fc.constant('application/json'), payload: fc.jsonValue().map((v) => JSON.stringify(v)) }),
  fc.record({ contentType: fc.constant('application/json'), payload: fc.string({ maxLength: 200 }) }),
  fc.record({
    contentType: fc.constantFrom(
      'text/plain',
      'application/xml',
      'multipart/form-data',
      'application/x-www-form-urlencoded',
    ),
    payload: fc.string({ maxLength: 200 }),
  }),
);

const query = fc.dictionary(fc.string({ minLength: 1, maxLength: 12 }), fc.string({ maxLength: 40 }), { maxKeys: 4 });

describe('fuzzing every route', () => {
  it('finds the routes to fuzz', () => {
    expect(routes.length).toBeGreaterThan(5);
  });

  it('never answers 5xx to random input', async () => {
    for (const route of routes) {
      await fc.assert(
        fc.asyncProperty(
          segment,
          query,
          body,
          fc.option(fc.string({ maxLength: 40 })),
          async (param, q, b, partner) => {
            const url = route.path.replace(/\{[^}]+\}/g, encodeURIComponent(param) || 'x');
            const withBody = !['GET', 'HEAD', 'DELETE'].includes(route.method);
            const res = await t.app.inject({
              method: route.method as 'GET',
              url,
              query: q,
              headers: {
                ...(withBody ? { 'content-type': b.contentType } : {}),
                ...(partner !== null ? { 'x-partner-id': partner } : {}),
              },
              ...(withBody ? { payload: b.payload } : {}),
            });
            if (res.statusCode >= 500) {
              throw new Error(`${route.method} ${url} answered ${res.statusCode}: ${res.body.slice(0, 200)}`);
            }
            if (res.statusCode >= 400) expect(res.json().error.code).toMatch(/^[A-Z_]+$/);
          },
        ),
        { seed: FUZZ_SEED, numRuns: RUNS_PER_ROUTE },
      );
    }
  });
});
