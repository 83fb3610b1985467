import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { cookieHeaderOf } from './auth.test-support.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** Walks the sandbox ichApp like a browser: our URL → authorize page → choose identity → redirect with code. */
const authorize = async (identity: string) => {
  const started = await t.app.inject({ url: '/auth/ichApp/url', query: { register: 'true', platform: 'mobileWeb' } });
  const url = new URL(started.json().data.url);
  const page = await t.app.inject({ url: `${url.pathname}${url.search}` });
  expect(page.body).toContain('<form');
  const form = new URLSearchParams(url.search);
  form.set('identity', identity);
  const redirected = await t.app.inject({
    method: 'POST',
    url: '/sandbox/ichapp/authorize',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: form.toString(),
  });
  expect(redirected.statusCode).toBe(302);
  const back = new URL(String(redirected.headers.location));
  expect(back.pathname).toBe('/finishExternalAuth');
  return {
    cookie: cookieHeaderOf(started),
    code: back.searchParams.get('code') ?? '',
    state: back.searchParams.get('state') ?? '',
    challenge: url.searchParams.get('code_challenge'),
  };
};

describe('external login against the sandbox ichApp (authorization code + PKCE + state)', () => {
  it('logs in, creates the account, and the code is single use', async () => {
    const flow = await authorize('maria');
    expect(flow.challenge).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const login = await t.app.inject({
      method: 'POST',
      url: '/auth/ichApp/login',
      headers: { cookie: flow.cookie },
      payload: { code: flow.code, state: flow.state },
    });
    expect(login.statusCode).toBe(200);
    expect(login.json().data).toMatchObject({
      email: 'maria.muster@ichapp.example',
      needsName: false,
      hasPassword: false,
    });
    const replay = await t.app.inject({
      method: 'POST',
      url: '/auth/ichApp/login',
      headers: { cookie: flow.cookie },
      payload: { code: flow.code, state: flow.state },
    });
    expect(replay.json().error.code).toBe('EXTERNAL_LOGIN_FAILED');
  });

  it('tells the client to finish registration when the identity has no name', async () => {
    const flow = await authorize('lukas');
    const login = await t.app.inject({
      method: 'POST',
      url: '/auth/ichApp/login',
      headers: { cookie: flow.cookie },
      payload: { code: flow.code },
    });
    expect(login.json().data.needsName).toBe(true);
  });

  it('refuses a wrong state, a code from another browser (PKCE), and a wrong verifier at the token endpoint', async () => {
    const flow = await authorize('maria');
    const wrongState = await t.app.inject({
      method: 'POST',
      url: '/auth/ichApp/login',
      headers: { cookie: flow.cookie },
      payload: { code: flow.code, state: 'x'.repeat(43) },
    });
    expect(wrongState.statusCode).toBe(400);
    const victim = await authorize('maria');
    const attacker = await authorize('maria');
    const swapped = await t.app.inject({
      method: 'POST',
      url: '/auth/ichApp/login',
      headers: { cookie: victim.cookie },
      payload: { code: attacker.code },
    });
    expect(swapped.json().error.code).toBe('EXTERNAL_LOGIN_FAILED');
    const other = await authorize('maria');
    const token = await t.app.inject({
      method: 'POST',
      url: '/sandbox/ichapp/token',
      payload: {
        grant_type: 'authorization_code',
        code: other.code,
        client_id: 'brickwise',
        redirect_uri: 'http://localhost:3000/finishExternalAuth?platform=mobileWeb',
        code_verifier: 'v'.repeat(43),
      },
    });
    expect(token.statusCode).toBe(400);
    expect(token.json().error.code).toBe('EXTERNAL_LOGIN_FAILED');
  });
});
