import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cookieHeaderOf, createLoggedInUser } from '../../modules/auth/auth.test-support.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

/**
 * EXTERNAL_LOGIN_PROVIDER=oidc against a real OpenID Connect provider started here (oidc-provider
 * with its development login and consent pages): discovery, authorization code with PKCE, state and
 * nonce, the ID token and userinfo, and the session for the matched or linked account (ADR 0036).
 */
const accounts: Record<string, Record<string, unknown>> = {
  anna: { email: 'anna.oidc@ichapp.example', email_verified: true, given_name: 'Anna', family_name: 'Offen' },
  nameless: { email: 'ohne.name@ichapp.example', email_verified: true },
  unverified: { email: 'unverified@ichapp.example', email_verified: false, given_name: 'U', family_name: 'V' },
};
let server: Server;
let issuer: string;
let t: TestApp;

beforeAll(async () => {
  server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: 'brickwise-test',
        token_endpoint_auth_method: 'none',
        grant_types: ['authorization_code'],
        response_types: ['code'],
        redirect_uris: ['http://localhost:3000/finishExternalAuth'],
      },
    ],
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['given_name', 'family_name'] },
    findAccount: (_ctx, id) =>
      accounts[id] ? { accountId: id, claims: () => ({ sub: `oidc-${id}`, ...accounts[id] }) } : undefined,
  });
  server.on('request', provider.callback());
  t = await createTestApp({
    env: { EXTERNAL_LOGIN_PROVIDER: 'oidc', OIDC_ISSUER: issuer, OIDC_CLIENT_ID: 'brickwise-test' },
  });
});
afterAll(async () => {
  await t.close();
  await new Promise((resolve) => server.close(resolve));
});

/** A browser at the provider: follows redirects with its cookies and submits its login and consent forms. */
const loginAtProvider = async (url: string, account: string): Promise<URL> => {
  const jar = new Map<string, string>();
  let next: { url: string; init?: RequestInit } = { url };
  for (let step = 0; step < 12; step += 1) {
    const response = await fetch(next.url, {
      ...next.init,
      redirect: 'manual',
      headers: { ...next.init?.headers, cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; ') },
    });
    for (const cookie of response.headers.getSetCookie()) {
      const [pair = ''] = cookie.split(';');
      const [name = '', ...value] = pair.split('=');
      jar.set(name, value.join('='));
    }
    const location = response.headers.get('location');
    if (location) {
      const target = new URL(location, next.url);
      if (target.pathname === '/finishExternalAuth') return target;
      next = { url: target.toString() };
      continue;
    }
    const html = await response.text();
    const action = html.match(/<form[^>]*action="([^"]+)"/)?.[1];
    if (!action) throw new Error(`no form at ${next.url}: ${response.status} ${html.slice(0, 300)}`);
    const form = new URLSearchParams();
    for (const [, name = '', value = ''] of html.matchAll(/<input[^>]*name="([^"]+)"[^>]*value="([^"]*)"/g)) {
      form.set(name, value);
    }
    form.set('login', account);
    form.set('password', 'egal');
    next = {
      url: new URL(action, next.url).toString(),
      init: { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: form.toString() },
    };
  }
  throw new Error('the provider never sent the browser back');
};

const startLogin = async (platform = 'desktopWeb') => {
  const started = await t.app.inject({ url: '/auth/ichApp/url', query: { platform } });
  expect(started.statusCode).toBe(200);
  return { cookie: cookieHeaderOf(started), url: new URL(started.json().data.url as string) };
};

const finish = (cookie: string, back: URL, override: Record<string, string> = {}) =>
  t.app.inject({
    method: 'POST',
    url: '/auth/ichApp/login',
    headers: { cookie },
    payload: {
      code: back.searchParams.get('code'),
      state: back.searchParams.get('state'),
      iss: back.searchParams.get('iss'),
      ...override,
    },
  });

describe('external login over OpenID Connect (oidc-provider)', () => {
  it('sends the browser to the discovered authorization endpoint with PKCE, state and nonce', async () => {
    const { url } = await startLogin('mobileWeb');
    expect(`${url.origin}${url.pathname}`).toBe(`${issuer}/auth`);
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      client_id: 'brickwise-test',
      response_type: 'code',
      scope: 'openid email profile',
      code_challenge_method: 'S256',
      // One URI for every platform family: the provider compares it exactly.
      redirect_uri: 'http://localhost:3000/finishExternalAuth',
    });
    expect(url.searchParams.get('code_challenge')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(url.searchParams.get('state')?.length).toBeGreaterThanOrEqual(32);
    expect(url.searchParams.get('nonce')?.length).toBeGreaterThanOrEqual(32);
  });

  it('round trip: provider login → our callback → a session for a new account, and the code is single use', async () => {
    const { cookie, url } = await startLogin();
    const back = await loginAtProvider(url.toString(), 'anna');
    expect(back.searchParams.get('iss')).toBe(issuer);
    const login = await finish(cookie, back);
    expect(login.statusCode).toBe(200);
    expect(login.json().data).toMatchObject({
      email: 'anna.oidc@ichapp.example',
      needsName: false,
      hasPassword: false,
    });
    const session = cookieHeaderOf(login, cookie);
    const me = await t.app.inject({ url: '/api/v1/user', headers: { cookie: session } });
    expect(me.json().data).toMatchObject({ email: 'anna.oidc@ichapp.example', firstName: 'Anna', lastName: 'Offen' });
    expect((await finish(cookie, back)).json().error.code).toBe('EXTERNAL_LOGIN_FAILED');
    // The same identity again finds the same account by its linked subject.
    const again = await startLogin();
    const second = await finish(again.cookie, await loginAtProvider(again.url.toString(), 'anna'));
    expect(second.json().data.userId).toBe(login.json().data.userId);
    expect(second.json().data.userId).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('links an existing account with the same verified address', async () => {
    const existing = await createLoggedInUser(t.app, { email: 'ohne.name@ichapp.example' });
    const { cookie, url } = await startLogin();
    const login = await finish(cookie, await loginAtProvider(url.toString(), 'nameless'));
    expect(login.statusCode).toBe(200);
    expect(login.json().data).toMatchObject({ userId: existing.userId, email: existing.email, hasPassword: true });
  });

  it('refuses an unverified address, a wrong state, a foreign issuer and a code of another browser', async () => {
    const unverified = await startLogin();
    const refused = await finish(unverified.cookie, await loginAtProvider(unverified.url.toString(), 'unverified'));
    expect(refused.json().error.code).toBe('EXTERNAL_LOGIN_FAILED');

    const wrongState = await startLogin();
    const backWrongState = await loginAtProvider(wrongState.url.toString(), 'anna');
    expect((await finish(wrongState.cookie, backWrongState, { state: 'x'.repeat(43) })).statusCode).toBe(400);

    const mixUp = await startLogin();
    const backMixUp = await loginAtProvider(mixUp.url.toString(), 'anna');
    const foreign = await finish(mixUp.cookie, backMixUp, { iss: 'https://evil.example' });
    expect(foreign.json().error.code).toBe('EXTERNAL_LOGIN_FAILED');

    const victim = await startLogin();
    const attacker = await startLogin();
    const attackerBack = await loginAtProvider(attacker.url.toString(), 'anna');
    const swapped = await finish(victim.cookie, attackerBack, { state: victim.url.searchParams.get('state') ?? '' });
    expect(swapped.json().error.code).toBe('EXTERNAL_LOGIN_FAILED');
  });
});
