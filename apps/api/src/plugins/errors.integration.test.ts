import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { buildApp } from '../app.js';
import { createTestApp, type TestApp, testConfig } from '../test/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { BODY_LIMIT_BYTES: '2048' } });
});
afterAll(() => t.close());

describe('error envelope', () => {
  it('answers an unknown route with ROUTE_NOT_FOUND, for any method', async () => {
    for (const method of ['GET', 'POST', 'DELETE'] as const) {
      const res = await t.app.inject({ method, url: '/api/v1/does-not-exist' });
      expect(res.statusCode).toBe(404);
      expect(res.json().error.code).toBe('ROUTE_NOT_FOUND');
    }
  });

  it('answers malformed JSON with MALFORMED_JSON', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/appConfig/',
      headers: { 'content-type': 'application/json' },
      payload: '{"a":',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('MALFORMED_JSON');
  });

  it('answers an oversized body with PAYLOAD_TOO_LARGE', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/anything',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ x: 'a'.repeat(5000) }),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json().error.code).toBe('PAYLOAD_TOO_LARGE');
  });

  it('answers a wrong query type or an unknown query field with VALIDATION_FAILED and the field', async () => {
    const unknown = await t.app.inject({ url: '/api/v1/dev/mailbox', query: { sneaky: '1' } });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error.code).toBe('VALIDATION_FAILED');
    const wrongEnum = await t.app.inject({ url: '/api/v1/dev/mailbox', query: { channel: 'fax' } });
    expect(wrongEnum.statusCode).toBe(400);
    expect(Object.keys(wrongEnum.json().error.fields)).toContain('querystring.channel');
  });

  it('names a field in German also where the contract rule brings no message of its own', async () => {
    const wrongEnum = await t.app.inject({ url: '/api/v1/dev/mailbox', query: { channel: 'fax' } });
    expect(wrongEnum.json().error.fields['querystring.channel']).toMatch(/^Ungültige Option/);
    const unknown = await t.app.inject({ url: '/api/v1/dev/mailbox', query: { sneaky: '1' } });
    expect(Object.values(unknown.json().error.fields).join(' ')).not.toMatch(
      /Invalid|Unrecognized|Expected|Too (small|big)/,
    );
  });

  it('answers an oversized path parameter with VALIDATION_FAILED', async () => {
    const res = await t.app.inject({ url: `/api/v1/appConfig/${'x'.repeat(200)}` });
    expect(res.statusCode).toBe(400);
  });

  it('hides internals of an unexpected failure behind INTERNAL and a request id', async () => {
    // A route that fails the way a bug would, on a second app instance over the same database.
    const app = await buildApp(testConfig(), { database: t.database });
    app.post(
      '/api/v1/test/explode',
      { config: { access: 'public' }, schema: { body: z.strictObject({ n: z.number() }) } },
      async () => {
        throw new Error('relation "secret_table" does not exist at /srv/app/src/x.ts:12');
      },
    );
    await app.ready();
    const res = await app.inject({ method: 'POST', url: '/api/v1/test/explode', payload: { n: 1 } });
    expect(res.statusCode).toBe(500);
    expect(res.body).not.toContain('secret_table');
    expect(res.body).not.toContain('/srv/app');
    expect(res.json().error.code).toBe('INTERNAL');
    expect(res.headers['x-request-id']).toBeTruthy();
    const unknownField = await app.inject({ method: 'POST', url: '/api/v1/test/explode', payload: { n: 1, extra: 2 } });
    expect(unknownField.statusCode).toBe(400);
    const wrongType = await app.inject({ method: 'POST', url: '/api/v1/test/explode', payload: { n: 'one' } });
    expect(wrongType.statusCode).toBe(400);
    expect(wrongType.json().error.fields).toHaveProperty('body.n');
    await app.close();
  });

  it('sets security headers and CORS for configured origins only', async () => {
    const allowed = await t.app.inject({ url: '/healthz', headers: { origin: 'http://localhost:3000' } });
    expect(allowed.headers['access-control-allow-origin']).toBe('http://localhost:3000');
    expect(allowed.headers['access-control-allow-credentials']).toBe('true');
    expect(allowed.headers['content-security-policy']).toContain("default-src 'self'");
    expect(allowed.headers['x-content-type-options']).toBe('nosniff');
    expect(allowed.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    // Plain-http development: no HSTS; refusals carry the headers too.
    expect(allowed.headers['strict-transport-security']).toBeUndefined();
    const missing = await t.app.inject({ url: '/api/v1/no-such-route' });
    expect(missing.headers['x-content-type-options']).toBe('nosniff');
    const foreign = await t.app.inject({ url: '/healthz', headers: { origin: 'https://evil.example' } });
    expect(foreign.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('publishes the OpenAPI 3.1 document and its UI', async () => {
    const doc = await t.app.inject({ url: '/api/openapi.json' });
    expect(doc.json().openapi).toBe('3.1.0');
    expect(Object.keys(doc.json().paths)).toContain('/api/v1/appConfig/{appId}');
    const ui = await t.app.inject({ url: '/api/docs/' });
    expect(ui.statusCode).toBe(200);
    expect(ui.headers['content-type']).toContain('text/html');
  });
});

describe('problem details (RFC 9457, ADR 0037)', () => {
  const problem = { accept: 'application/problem+json' };

  it('answers application/problem+json when the caller asks for it, with the same status, code and fields', async () => {
    const res = await t.app.inject({ url: '/api/v1/dev/mailbox', query: { channel: 'fax' }, headers: problem });
    expect(res.statusCode).toBe(400);
    expect(res.headers['content-type']).toContain('application/problem+json');
    const body = res.json();
    expect(body).toMatchObject({
      type: 'tag:brickwise,2026:error:VALIDATION_FAILED',
      title: 'Die Eingaben sind ungültig.',
      status: 400,
      detail: 'Die Eingaben sind ungültig.',
      code: 'VALIDATION_FAILED',
    });
    expect(Object.keys(body.fields)).toContain('querystring.channel');
  });

  it('covers the session guard, unknown routes and a route whose declared error schema is the envelope', async () => {
    const guest = await t.app.inject({ url: '/api/v1/user', headers: problem });
    expect(guest.statusCode).toBe(401);
    expect(guest.json()).toMatchObject({ status: 401, code: 'UNAUTHENTICATED', title: 'Bitte melde dich an.' });
    const unknown = await t.app.inject({ method: 'DELETE', url: '/api/v1/nothing-here', headers: problem });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ status: 404, code: 'ROUTE_NOT_FOUND' });
    const signing = await t.app.inject({ url: '/api/v1/securityApp/signingRequests', headers: problem });
    expect(signing.statusCode).toBe(401);
    expect(signing.headers['content-type']).toContain('application/problem+json');
    expect(signing.json().status).toBe(401);
  });

  it('keeps the envelope the web app reads for JSON, any type, or no Accept header', async () => {
    for (const accept of [undefined, 'application/json', '*/*', 'application/json, application/problem+json;q=0.5']) {
      const res = await t.app.inject({ url: '/api/v1/user', headers: accept ? { accept } : {} });
      expect(res.statusCode).toBe(401);
      expect(res.headers['content-type']).toContain('application/json');
      expect(res.json()).toEqual({ error: { code: 'UNAUTHENTICATED', message: 'Bitte melde dich an.' } });
    }
  });
});

describe('rate limit', () => {
  it('answers RATE_LIMITED in German once the global limit is used up', async () => {
    const limited = await createTestApp({ database: t.database, env: { RATE_LIMIT_MAX: '3' } });
    const codes: number[] = [];
    for (let i = 0; i < 5; i += 1)
      codes.push((await limited.app.inject({ url: '/api/v1/utils/frontendVersion' })).statusCode);
    expect(codes).toEqual([200, 200, 200, 429, 429]);
    const res = await limited.app.inject({ url: '/api/v1/utils/frontendVersion' });
    expect(res.json().error).toEqual({
      code: 'RATE_LIMITED',
      message: 'Zu viele Anfragen. Bitte warte kurz und versuche es dann nochmal.',
    });
    // Health checks are exempt, so a load balancer never takes a busy node out.
    expect((await limited.app.inject({ url: '/healthz' })).statusCode).toBe(200);
    await limited.close();
  });
});
