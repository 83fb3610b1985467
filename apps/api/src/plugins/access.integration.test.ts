import type { RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLoggedInUser } from '../modules/auth/auth.test-support.js';
import { createTestApp, type TestApp } from '../test/test-app.js';
import { accessOf, isProtectedPath, type RouteAccess } from './access.js';

/**
 * Issue 18, defects 5 and 7 (ADR 0023). Access by default: a guest gets 401 on every route under
 * the API prefixes before any body is validated, unless the route declared another access. The
 * list below is the reviewed set of such routes: a new public route fails this test until it is
 * added here, so opening a route is a visible decision.
 */
const DECLARED: Record<string, Exclude<RouteAccess, 'user'>> = {
  'GET /api/v1/affiliate/id/:id/url': 'public',
  'GET /api/v1/appConfig/': 'public',
  'GET /api/v1/appConfig/:appId': 'public',
  'GET /api/v1/appConfig/webAppUrl': 'public',
  'GET /api/v1/assets/:id/documents/': 'public',
  'POST /api/v1/assets/:id/shareLink': 'public',
  'GET /api/v1/assets/images/:imageId': 'public',
  'GET /api/v1/assets/transactionMetadata/:id': 'public',
  'POST /api/v1/identification/webhook': 'webhook',
  'POST /api/v1/identification/notifications/:provider': 'webhook',
  'GET /api/v1/payment/mangopay/hook': 'webhook',
  'POST /api/v1/notifications/twilio/status': 'webhook',
  'POST /api/v1/payment/webhook': 'webhook',
  'POST /api/v1/securityApp/disconnect': 'device',
  'POST /api/v1/securityApp/link': 'public',
  'GET /api/v1/imprint/:partnerId': 'public',
  // The share register's published roots and consistency proofs: public by design (issue 39).
  'GET /api/v1/register/consistency': 'public',
  'GET /api/v1/register/roots': 'public',
  'GET /api/v1/register/roots/:assetId/:treeSize': 'public',
  'GET /api/v1/securityApp/signingRequests': 'device',
  'GET /api/v1/securityApp/signingRequests/:id': 'device',
  'POST /api/v1/securityApp/signingRequests/:id/reject': 'device',
  'POST /api/v1/securityApp/signingRequests/:id/signature': 'device',
  'GET /api/v1/support/questions': 'public',
  'GET /api/v1/user/socketConnection': 'public',
  'GET /api/v1/utils/featureFlags': 'public',
  'GET /api/v1/utils/fees': 'public',
  'GET /api/v1/utils/frontendVersion': 'public',
  'GET /api/v1/utils/shortLink/:code': 'public',
  'GET /api/v2/assets': 'public',
  'GET /api/v2/assets/:id': 'public',
  'GET /api/v2/assets/:id/energyData': 'public',
  'GET /api/v2/assets/:id/offers': 'public',
  'GET /auth/email/isAvailable/:email': 'public',
  'POST /auth/passkeys/login': 'public',
  'POST /auth/passkeys/login/options': 'public',
  'POST /auth/ichApp/login': 'public',
  'GET /auth/ichApp/url': 'public',
  'POST /auth/login': 'public',
  'POST /auth/login/otp': 'public',
  'POST /auth/login/otp/:email': 'public',
  'POST /auth/logout': 'public',
  'POST /auth/register': 'public',
  'POST /auth/register/resend': 'public',
  'POST /auth/reset-password': 'public',
  'POST /auth/reset-password/check': 'public',
  'POST /auth/reset-password/finish': 'public',
  'POST /auth/verify-email': 'public',
  'GET /launchpad/api/v1/asset/notary/:id/date': 'public',
  'GET /launchpad/api/v1/asset/serialnumber/:id': 'public',
  'GET /launchpad/api/v1/records/asset/:id': 'public',
  'GET /launchpad/api/v2/asset/:id': 'public',
  'GET /launchpad/api/v2/assets': 'public',
};

type Seen = { method: string; url: string; access: RouteAccess };
const seen: Seen[] = [];
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({
    build: {
      onRoute: (route: RouteOptions) => {
        const methods = Array.isArray(route.method) ? route.method : [route.method];
        for (const method of methods) {
          if (method === 'HEAD' || method === 'OPTIONS') continue;
          if (isProtectedPath(route.url) && !route.url.startsWith('/api/v1/dev/'))
            seen.push({ method, url: route.url, access: accessOf(route) });
        }
      },
    },
  });
});
afterAll(() => t.close());

const sample = (url: string): string => url.replace(/:[A-Za-z]+/g, 'x');

describe('access by default (ADR 0023)', () => {
  it('declares exactly the reviewed routes as public, webhook or device', () => {
    const declared = Object.fromEntries(
      seen.filter((route) => route.access !== 'user').map((route) => [`${route.method} ${route.url}`, route.access]),
    );
    expect(declared).toEqual(DECLARED);
  });

  it('answers a guest 401 on every other route before looking at the body', async () => {
    const closed = seen.filter((route) => route.access === 'user');
    expect(closed.length).toBeGreaterThan(50);
    const wrong: string[] = [];
    for (const route of closed) {
      const withBody = !['GET', 'DELETE'].includes(route.method);
      const res = await t.app.inject({
        method: route.method as 'POST',
        url: sample(route.url),
        ...(withBody ? { payload: {} } : {}),
      });
      const code = (res.json() as { error?: { code: string; fields?: unknown } }).error;
      if (res.statusCode !== 401 || code?.code !== 'UNAUTHENTICATED' || code.fields)
        wrong.push(`${route.method} ${route.url} → ${res.statusCode} ${res.body.slice(0, 80)}`);
    }
    expect(wrong).toEqual([]);
  });

  it('answers a device route without a device token or a session 401, not 400', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/securityApp/signingRequests/not-a-uuid/signature',
      payload: { wrong: true },
    });
    expect(res.statusCode).toBe(401);
  });
});

describe('NUL never reaches a handler (issue 18, defect 5)', () => {
  const refused = { code: 'INPUT_NUL_CHARACTER', message: 'Die Anfrage enthält ein unzulässiges Zeichen.' };

  it('refuses NUL in the path, in the query and in JSON strings with 400', async () => {
    for (const url of ['/api/v1/appConfig/a%00b', '/api/v2/assets?search=a%00b', '/auth/email/isAvailable/a%00@x.at']) {
      const res = await t.app.inject({ url });
      expect(res.statusCode, url).toBe(400);
      expect(res.json().error).toEqual(refused);
    }
    const login = await t.app.inject({
      method: 'POST',
      url: '/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"email":"a\\u0000@example.at","password":"x"}',
    });
    expect(login.statusCode).toBe(400);
    expect(login.json().error).toEqual(refused);
    const nestedKey = await t.app.inject({
      method: 'POST',
      url: '/auth/register',
      headers: { 'content-type': 'application/json' },
      payload: '{"email":"a@example.at","extra":{"k\\u0000":"v"}}',
    });
    expect(nestedKey.statusCode).toBe(400);
  });

  it('refuses malformed UTF-16 (a lone surrogate) in JSON strings with 400 in German, not 500 (issue 35)', async () => {
    const investor = await createLoggedInUser(t.app);
    const malformed = {
      code: 'INPUT_MALFORMED_TEXT',
      message: 'Die Anfrage enthält ungültig kodierten Text (ein unvollständiges Unicode-Zeichen).',
    };
    const cases: { url: string; payload: string }[] = [
      { url: '/api/v1/user/advertisingId', payload: '{"advertisingId":"ab\\ud800cd"}' },
      { url: '/api/v1/user/advertisingId', payload: '{"advertisingId":"x","appFacebookId":"\\udc00"}' },
      { url: '/api/v1/support/request', payload: '{"subject":"Frage","message":"x\\uDBFF"}' },
      { url: '/api/v1/support/request', payload: '{"subject":"\\uDFFF\\uD800","message":"Hallo"}' },
      { url: '/api/v1/support/request', payload: '{"subject":"Frage","message":"ok","k\\ud800":1}' },
    ];
    for (const { url, payload } of cases) {
      const res = await t.app.inject({
        method: 'POST',
        url,
        headers: { ...investor.headers, 'content-type': 'application/json' },
        payload,
      });
      expect(res.statusCode, `${url} ${payload}`).toBe(400);
      expect(res.json().error).toEqual(malformed);
    }
    // A pair (an emoji written as two escapes) is well-formed and passes the guard.
    const pair = await t.app.inject({
      method: 'POST',
      url: '/api/v1/support/request',
      headers: { ...investor.headers, 'content-type': 'application/json' },
      payload: '{"subject":"Frage \\ud83d\\ude00","message":"Hallo"}',
    });
    expect(pair.statusCode, pair.body).toBe(200);
  });
});
