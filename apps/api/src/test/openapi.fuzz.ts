import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BulkInvestor, createBulkInvestors } from './bulk-investors.js';
import { createTestApp, type TestApp } from './test-app.js';

/**
 * `npm run test:fuzz` (issue 18, defect 6): nothing a client can send makes the server answer
 * 5xx. Every operation of the OpenAPI document gets seeded random requests, as a guest and as a
 * logged-in investor (each operation its own, so a logout or a password change of one does not
 * blind the others): values shaped by the operation's own schema (so the handlers run, not only
 * validation), random JSON, broken JSON, other media types, NUL bytes, lone UTF-16 surrogates, odd path
 * parameters.
 * Bounded: FUZZ_RUNS requests per operation (default 100: about 20,000 requests, two to three minutes on two cores); the
 * seed is FUZZ_SEED. Prints the number of requests sent and every 5xx.
 */
const FUZZ_SEED = Number(process.env.FUZZ_SEED ?? 20_261_126);
const RUNS_PER_OPERATION = Number(process.env.FUZZ_RUNS ?? 100);
const MAX_DEPTH = 4;

type Schema = {
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  format?: string;
  pattern?: string;
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
};
type Parameter = { in: 'path' | 'query' | 'header' | 'cookie'; name: string; schema?: Schema };
type Operation = {
  parameters?: Parameter[];
  requestBody?: { content?: Record<string, { schema?: Schema }> };
};
type Route = { method: string; path: string; operation: Operation };

/**
 * Malformed UTF-16 (issue 35): a string with a lone high or low surrogate. JSON.stringify writes it
 * as the escape `\uD800`, which JSON.parse turns back into the lone surrogate that PostgreSQL refuses.
 */
const loneSurrogate = fc
  .tuple(
    fc.string({ maxLength: 12 }),
    fc.constantFrom('\uD800', '\uDBFF', '\uDC00', '\uDFFF', '\uDFFF\uD800'),
    fc.string({ maxLength: 12 }),
  )
  .map(([before, lone, after]) => `${before}${lone}${after}`);
/** A URL carries UTF-8, where a lone surrogate has no encoding: it becomes U+FFFD (as URLSearchParams does). */
const wellFormed = (value: string): string =>
  value.replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD');
/** Strings as the schema shapes them, now and then with a lone surrogate in them. */
const text = (plain: fc.Arbitrary<string>): fc.Arbitrary<string> =>
  fc.oneof({ arbitrary: plain, weight: 6 }, { arbitrary: loneSurrogate, weight: 1 });

const odd = fc.constantFrom('', '0', '-1', 'null', '%00', '\u0000', '..', '😀', 'x'.repeat(300), '1e309', ' ');

/** An arbitrary shaped by a JSON schema, now and then off the schema (a wrong type, an odd value). */
const fromSchema = (schema: Schema | undefined, depth = 0): fc.Arbitrary<unknown> => {
  if (!schema || depth > MAX_DEPTH) return fc.jsonValue({ maxDepth: 2 });
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives?.length) return fc.oneof(...alternatives.map((item) => fromSchema(item, depth + 1)));
  if (schema.allOf?.length) return fromSchema(schema.allOf[0], depth + 1);
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum?.length) return fc.constantFrom(...schema.enum);
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'string': {
      if (schema.format === 'uuid') return fc.uuid();
      if (schema.format === 'email') return fc.emailAddress();
      if (schema.format === 'date-time') return fc.date({ noInvalidDate: true }).map((d) => d.toISOString());
      if (schema.pattern) {
        try {
          return fc.stringMatching(new RegExp(schema.pattern)).filter((s) => s.length <= 512);
        } catch {
          return text(fc.string({ maxLength: 40 }));
        }
      }
      return text(fc.string({ minLength: schema.minLength ?? 0, maxLength: Math.min(schema.maxLength ?? 40, 200) }));
    }
    case 'integer':
      return fc.integer({
        min: Math.max(schema.minimum ?? -1_000_000, -2_147_483_648),
        max: Math.min(schema.maximum ?? 1_000_000, 2_147_483_647),
      });
    case 'number':
      return fc.double({ noNaN: true, noDefaultInfinity: true, min: -1e9, max: 1e9 });
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array':
      return fc.array(fromSchema(schema.items, depth + 1), { maxLength: 3 });
    case 'object': {
      const properties = schema.properties ?? {};
      const keys = Object.keys(properties);
      if (keys.length === 0) return fc.dictionary(fc.string({ maxLength: 8 }), fc.jsonValue({ maxDepth: 1 }));
      const shaped = Object.fromEntries(keys.map((key) => [key, fromSchema(properties[key], depth + 1)]));
      return fc.record(shaped, { requiredKeys: (schema.required ?? []).filter((key) => keys.includes(key)) });
    }
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
};

/** Mostly on the schema, sometimes off it. */
const value = (schema: Schema | undefined): fc.Arbitrary<unknown> =>
  fc.oneof({ arbitrary: fromSchema(schema), weight: 4 }, { arbitrary: fc.jsonValue({ maxDepth: 2 }), weight: 1 });

const asText = (v: unknown): string => (typeof v === 'string' ? v : (JSON.stringify(v) ?? ''));

const requestOf = (route: Route) => {
  const parameters = route.operation.parameters ?? [];
  const pathParams = parameters.filter((p) => p.in === 'path');
  const queryParams = parameters.filter((p) => p.in === 'query');
  const headerParams = parameters.filter((p) => p.in === 'header');
  const jsonSchema = route.operation.requestBody?.content?.['application/json']?.schema;
  const body = fc.oneof(
    {
      arbitrary: value(jsonSchema).map((v) => ({ contentType: 'application/json', payload: JSON.stringify(v) })),
      weight: 5,
    },
    {
      arbitrary: fc.string({ maxLength: 200 }).map((payload) => ({ contentType: 'application/json', payload })),
      weight: 1,
    },
    {
      // A JSON text whose strings carry lone surrogates as escapes, in keys and values.
      arbitrary: fc
        .dictionary(text(fc.string({ maxLength: 8 })), loneSurrogate, { minKeys: 1, maxKeys: 3 })
        .map((v) => ({ contentType: 'application/json', payload: JSON.stringify(v) })),
      weight: 1,
    },
    {
      arbitrary: fc.record({
        contentType: fc.constantFrom(
          'text/plain',
          'application/xml',
          'multipart/form-data',
          'application/x-www-form-urlencoded',
        ),
        payload: fc.string({ maxLength: 200 }),
      }),
      weight: 1,
    },
  );
  return fc.record({
    path: fc.record(
      Object.fromEntries(pathParams.map((p) => [p.name, fc.oneof(value(p.schema).map(asText), odd)])),
    ) as fc.Arbitrary<Record<string, string>>,
    query: fc.record(Object.fromEntries(queryParams.map((p) => [p.name, value(p.schema).map(asText)])), {
      requiredKeys: [],
    }) as fc.Arbitrary<Record<string, string>>,
    extraQuery: fc.dictionary(fc.string({ minLength: 1, maxLength: 12 }), fc.string({ maxLength: 40 }), { maxKeys: 2 }),
    headers: fc.record(Object.fromEntries(headerParams.map((p) => [p.name, value(p.schema).map(asText)])), {
      requiredKeys: [],
    }) as fc.Arbitrary<Record<string, string>>,
    body,
    asInvestor: fc.boolean(),
    partner: fc.option(fc.constantFrom('demo', 'alpen', 'nope', ''), { nil: undefined }),
  });
};

/** Header values the HTTP layer would refuse before the server sees them are not sent. */
const sendableHeader = (v: string): boolean => /^[\t\x20-\x7e]*$/.test(v);

let t: TestApp;
let routes: Route[] = [];
let investors: BulkInvestor[] = [];

beforeAll(async () => {
  t = await createTestApp();
  const doc = (await t.app.inject({ url: '/api/openapi.json' })).json() as {
    paths: Record<string, Record<string, Operation>>;
  };
  routes = Object.entries(doc.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, operation]) => ({ method: method.toUpperCase(), path, operation })),
  );
  investors = await createBulkInvestors(t.app.db, routes.length, { cashCents: 100_000n, label: 'fuzz' });
}, 300_000);
afterAll(() => t?.close());

describe('fuzzing every operation of the OpenAPI document', () => {
  it('finds the operations to fuzz', () => {
    expect(routes.length).toBeGreaterThan(100);
  });

  it('never answers 5xx', async () => {
    let sent = 0;
    const failures: string[] = [];
    const statuses = new Map<number, number>();
    for (const [index, route] of routes.entries()) {
      const investor = investors[index];
      const samples = fc.sample(requestOf(route), { seed: FUZZ_SEED + index, numRuns: RUNS_PER_OPERATION });
      for (const sample of samples) {
        const url = route.path.replace(/\{([^}]+)\}/g, (_, name: string) =>
          encodeURIComponent(wellFormed(sample.path[name] ?? 'x')),
        );
        const withBody = !['GET', 'HEAD', 'DELETE'].includes(route.method);
        const headers: Record<string, string> = {};
        for (const [name, v] of Object.entries(sample.headers)) if (sendableHeader(v)) headers[name] = v;
        if (sample.partner !== undefined) headers['x-partner-id'] = sample.partner;
        if (sample.asInvestor && investor) Object.assign(headers, investor.headers);
        if (withBody) headers['content-type'] = sample.body.contentType;
        const res = await t.app.inject({
          method: route.method as 'GET',
          url,
          query: Object.fromEntries(
            Object.entries({ ...sample.extraQuery, ...sample.query }).map(([k, v]) => [wellFormed(k), wellFormed(v)]),
          ),
          headers,
          ...(withBody ? { payload: sample.body.payload } : {}),
        });
        sent += 1;
        statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
        if (res.statusCode >= 500) {
          failures.push(
            `${route.method} ${url} ${sample.asInvestor ? '(investor)' : '(guest)'} → ${res.statusCode}: ${res.body.slice(0, 160)} | body ${String(sample.body.payload).slice(0, 160)}`,
          );
        }
      }
    }
    const byStatus = [...statuses].sort(([a], [b]) => a - b).map(([status, n]) => `${status}: ${n}`);
    process.stdout.write(
      `\nfuzz: ${sent} requests over ${routes.length} operations (seed ${FUZZ_SEED}, ${RUNS_PER_OPERATION} each); ` +
        `${failures.length} answered >= 500\nfuzz: statuses ${byStatus.join(', ')}\n` +
        failures.map((failure) => `fuzz 5xx: ${failure}\n`).join(''),
    );
    expect(failures).toEqual([]);
  }, 900_000);
});
