import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { cookieHeaderOf, createLoggedInUser } from '../auth/auth.test-support.js';
import { createSoftwareAuthenticator } from './software-authenticator.test-support.js';

let testApp: TestApp;
let app: FastifyInstance;
const ORIGIN = 'http://localhost:3000';

beforeAll(async () => {
  testApp = await createTestApp();
  app = testApp.app;
});
afterAll(async () => testApp.close());

type Ceremony = { ceremonyId: string; options: { challenge: string; user: { id: string } } };

const registerPasskey = async (
  headers: Record<string, string>,
  authenticator = createSoftwareAuthenticator(ORIGIN),
) => {
  const started = await app.inject({
    method: 'POST',
    url: '/auth/passkeys/registration/options',
    headers: { ...headers, origin: ORIGIN },
  });
  expect(started.statusCode).toBe(200);
  const ceremony = started.json().data as Ceremony;
  const finished = await app.inject({
    method: 'POST',
    url: '/auth/passkeys/registration',
    headers: { ...headers, origin: ORIGIN },
    payload: {
      ceremonyId: ceremony.ceremonyId,
      label: 'Chrome auf Linux',
      credential: authenticator.create(ceremony.options),
    },
  });
  return { authenticator, ceremony, finished };
};

const startLogin = async (): Promise<Ceremony> => {
  const res = await app.inject({ method: 'POST', url: '/auth/passkeys/login/options', headers: { origin: ORIGIN } });
  expect(res.statusCode).toBe(200);
  return res.json().data as Ceremony;
};

describe('passkeys (WebAuthn, ADR 0029)', () => {
  it('registers a passkey and logs in with it into a working session', async () => {
    const user = await createLoggedInUser(app);
    const { authenticator, finished } = await registerPasskey(user.headers);
    expect(finished.statusCode).toBe(200);
    expect(finished.json().data).toMatchObject({ label: 'Chrome auf Linux', lastUsedAt: null });

    const ceremony = await startLogin();
    expect(ceremony.options).not.toHaveProperty('allowCredentials.0');
    const login = await app.inject({
      method: 'POST',
      url: '/auth/passkeys/login',
      headers: { origin: ORIGIN },
      payload: { ceremonyId: ceremony.ceremonyId, credential: authenticator.get(ceremony.options) },
    });
    expect(login.statusCode).toBe(200);
    expect(login.json().data).toMatchObject({ userId: user.userId, email: user.email });
    const session = await app.inject({ url: '/auth/checksession', headers: { cookie: cookieHeaderOf(login) } });
    expect(session.json().data.userId).toBe(user.userId);

    const list = await app.inject({ url: '/auth/passkeys', headers: user.headers });
    expect(list.json().data.passkeys).toHaveLength(1);
    expect(list.json().data.passkeys[0].lastUsedAt).not.toBeNull();
  });

  it('refuses a wrong signature, a replayed ceremony, an unknown key and a foreign origin', async () => {
    const user = await createLoggedInUser(app);
    const { authenticator } = await registerPasskey(user.headers);

    const tampered = await startLogin();
    const bad = await app.inject({
      method: 'POST',
      url: '/auth/passkeys/login',
      headers: { origin: ORIGIN },
      payload: { ceremonyId: tampered.ceremonyId, credential: authenticator.get(tampered.options, undefined, true) },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.code).toBe('PASSKEY_INVALID');
    expect(bad.cookies.find((cookie) => cookie.name === 'bw_session')).toBeUndefined();

    // The ceremony was used by the failed try: its challenge does not open a session afterwards.
    const replay = await app.inject({
      method: 'POST',
      url: '/auth/passkeys/login',
      headers: { origin: ORIGIN },
      payload: { ceremonyId: tampered.ceremonyId, credential: authenticator.get(tampered.options) },
    });
    expect(replay.json().error.code).toBe('PASSKEY_CEREMONY_EXPIRED');

    const stranger = createSoftwareAuthenticator(ORIGIN);
    stranger.create({ challenge: 'x', user: { id: 'eA' } });
    const unknownCeremony = await startLogin();
    const unknown = await app.inject({
      method: 'POST',
      url: '/auth/passkeys/login',
      headers: { origin: ORIGIN },
      payload: { ceremonyId: unknownCeremony.ceremonyId, credential: stranger.get(unknownCeremony.options) },
    });
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json().error.code).toBe('PASSKEY_UNKNOWN');

    const foreign = await app.inject({
      method: 'POST',
      url: '/auth/passkeys/login/options',
      headers: { origin: 'https://evil.example' },
    });
    // The CSRF origin check refuses it before the relying party would.
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json().data).toBeUndefined();
  });

  it('lets only the owner remove a passkey, after which it no longer logs in', async () => {
    const owner = await createLoggedInUser(app);
    const other = await createLoggedInUser(app);
    const { authenticator, finished } = await registerPasskey(owner.headers);
    const id = finished.json().data.id as string;
    const foreign = await app.inject({ method: 'DELETE', url: `/auth/passkeys/${id}`, headers: other.headers });
    expect(foreign.statusCode).toBe(404);
    const removed = await app.inject({ method: 'DELETE', url: `/auth/passkeys/${id}`, headers: owner.headers });
    expect(removed.json().data).toEqual({ removed: true });
    const ceremony = await startLogin();
    const login = await app.inject({
      method: 'POST',
      url: '/auth/passkeys/login',
      headers: { origin: ORIGIN },
      payload: { ceremonyId: ceremony.ceremonyId, credential: authenticator.get(ceremony.options) },
    });
    expect(login.json().error.code).toBe('PASSKEY_UNKNOWN');
  });

  it('answers garbage with a clear 400, never a 500', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/auth/passkeys/login',
      headers: { origin: ORIGIN },
      payload: { ceremonyId: 'nope', credential: { id: '!!', rawId: 'x', type: 'public-key', response: {} } },
    });
    expect(res.statusCode).toBe(400);
  });
});

describe('app links (ADR 0029)', () => {
  it('serves the partner of the host its store ids, and nothing without a signing identity', async () => {
    const none = await app.inject({ url: '/.well-known/assetlinks.json' });
    expect(none.statusCode).toBe(200);
    expect(none.json()).toEqual([]);
    const signed = await createTestApp({
      env: { NATIVE_ANDROID_CERT_FINGERPRINTS: Array(32).fill('AB').join(':'), NATIVE_APPLE_TEAM_ID: 'ABCDE12345' },
    });
    try {
      const links = await signed.app.inject({ url: '/.well-known/assetlinks.json' });
      expect(links.json()[0].target).toMatchObject({ namespace: 'android_app', package_name: 'at.brickwise.app' });
      const apple = await signed.app.inject({ url: '/.well-known/apple-app-site-association' });
      expect(apple.headers['content-type']).toMatch(/application\/json/);
      expect(apple.json().applinks.details[0].appIDs).toEqual(['ABCDE12345.at.brickwise.app']);
      expect(apple.json().applinks.details[0].components).toContainEqual({ '/': '/asset/*' });
    } finally {
      await signed.close();
    }
  });
});
