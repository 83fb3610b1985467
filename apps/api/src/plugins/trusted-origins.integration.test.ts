import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLoggedInUser } from '../modules/auth/auth.test-support.js';
import { createTestApp, type TestApp } from '../test/test-app.js';

/**
 * Issue 34: with PORT=3791 a login at http://127.0.0.1:3791 answered 403 "Die Anfrage konnte nicht
 * bestätigt werden". The server listens on a free port here, not PORT's, and the browser's Origin
 * names it with any loopback host.
 */
let t: TestApp;
let port: number;
let user: { email: string; password: string };

beforeAll(async () => {
  // PORT stays 3000: the port the server actually listens on is what counts.
  t = await createTestApp();
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  const address = t.app.server.address();
  if (!address || typeof address !== 'object') throw new Error('not listening');
  port = address.port;
  user = await createLoggedInUser(t.app);
});
afterAll(() => t.close());

const logIn = (origin: string) =>
  fetch(`http://127.0.0.1:${port}/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin },
    body: JSON.stringify({ email: user.email, password: user.password }),
  });

describe('the address the server is reached at in development (issue 34)', () => {
  it.each(['127.0.0.1', 'localhost', '[::1]'])('logs in from http://%s:<port>, CORS included', async (host) => {
    const origin = `http://${host}:${port}`;
    const res = await logIn(origin);
    expect(res.status, await res.clone().text()).toBe(200);
    expect(res.headers.get('access-control-allow-origin')).toBe(origin);
  });

  it('refuses a loopback host on another port and a foreign host', async () => {
    for (const origin of [`http://127.0.0.1:${port + 1}`, `http://[::1]:${port + 1}`, 'https://evil.example']) {
      const res = await logIn(origin);
      expect(res.status, origin).toBe(403);
      const body = (await res.json()) as { error: { code: string; message: string } };
      expect(body.error.code).toBe('CSRF_FAILED');
      expect(body.error.message).toBe('Die Anfrage konnte nicht bestätigt werden. Bitte lade die Seite neu.');
      expect(res.headers.get('access-control-allow-origin')).toBeNull();
    }
  });

  it('trusts the partners’ web app URLs as stored', async () => {
    const [partner] = (await t.app.inject({ url: '/api/v1/appConfig' })).json().data as { webAppURL: string }[];
    expect(partner).toBeDefined();
    const res = await logIn(new URL(partner?.webAppURL ?? '').origin);
    expect(res.status).toBe(200);
  });
});
