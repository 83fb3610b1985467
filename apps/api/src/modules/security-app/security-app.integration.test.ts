import { generateKeyPairSync, type KeyObject, sign } from 'node:crypto';
import { securityAppAudit, signingRequests, users } from '@bw/db';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../../lib/app-error.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { createLoggedInUser, type LoggedIn } from '../auth/auth.test-support.js';
import { assertMayUseVisibility, visibleOfferVisibilities } from './offer-visibility.js';
import { resetSecurityApp } from './operations/disconnect-security-app.js';
import { createSigningRequest, type SigningOutcome } from './signing-requests.js';

let testApp: TestApp;
let app: FastifyInstance;

beforeAll(async () => {
  testApp = await createTestApp();
  app = testApp.app;
});
afterAll(async () => testApp.close());

type KeyPair = { publicKey: string; privateKey: KeyObject };
const newKeyPair = (): KeyPair => {
  const pair = generateKeyPairSync('ed25519');
  const jwk = pair.publicKey.export({ format: 'jwk' });
  return { publicKey: jwk.x ?? '', privateKey: pair.privateKey };
};
const signText = (key: KeyPair, text: string): string =>
  sign(null, Buffer.from(text, 'utf8'), key.privateKey).toString('base64url');

type Linked = { user: LoggedIn; key: KeyPair; deviceToken: string; recoverySecret: string };

const linkProviderApp = async (): Promise<Linked> => {
  const user = await createLoggedInUser(app);
  const pairing = await app.inject({ method: 'POST', url: '/api/v1/securityApp/pairing', headers: user.headers });
  expect(pairing.statusCode).toBe(200);
  const key = newKeyPair();
  const linked = await app.inject({
    method: 'POST',
    url: '/api/v1/securityApp/link',
    payload: { pairingCode: pairing.json().data.pairingCode, publicKey: key.publicKey },
  });
  expect(linked.statusCode).toBe(200);
  return { user, key, deviceToken: linked.json().data.deviceToken, recoverySecret: linked.json().data.recoverySecret };
};

const device = (linked: Linked) => ({ authorization: `SecurityApp ${linked.deviceToken}` });

const createTestRequest = async (linked: Linked, expiresInSeconds = 600) => {
  const res = await app.inject({
    method: 'POST',
    url: '/api/v1/dev/securityApp/signingRequests',
    headers: linked.user.headers,
    payload: { details: { assetName: 'Wohnhaus Graz', sharesCount: '4', amountCents: '40000' }, expiresInSeconds },
  });
  expect(res.statusCode).toBe(200);
  return res.json().data as { id: string; canonicalPayload: string; nonce: string };
};

const approve = (linked: Linked, id: string, signature: string) =>
  app.inject({
    method: 'POST',
    url: `/api/v1/securityApp/signingRequests/${id}/signature`,
    headers: device(linked),
    payload: { signature },
  });

describe('linking the provider app', () => {
  it('pairs with a code, reports active and lists pending requests to the device', async () => {
    const linked = await linkProviderApp();
    const status = await app.inject({ url: '/api/v1/securityApp', headers: linked.user.headers });
    expect(status.json().data).toMatchObject({ status: 'active', kind: 'provider', publicKey: linked.key.publicKey });
    const request = await createTestRequest(linked);
    const list = await app.inject({
      url: '/api/v1/securityApp/signingRequests?status=pending',
      headers: device(linked),
    });
    expect(list.json().data.map((r: { id: string }) => r.id)).toEqual([request.id]);
    expect(list.json().data[0].lines).toContainEqual({ label: 'Betrag', value: '400,00 €' });
  });

  it('links only one app at a time', async () => {
    const linked = await linkProviderApp();
    const again = await app.inject({
      method: 'POST',
      url: '/api/v1/securityApp/pairing',
      headers: linked.user.headers,
    });
    expect(again.json().error.code).toBe('SECURITY_APP_ALREADY_LINKED');
    const privateToo = await app.inject({
      method: 'POST',
      url: '/api/v1/securityApp/registerPrivate',
      headers: linked.user.headers,
      payload: { publicKey: newKeyPair().publicKey },
    });
    expect(privateToo.statusCode).toBe(409);
  });

  it('refuses a used or unknown pairing code', async () => {
    const user = await createLoggedInUser(app);
    const pairing = await app.inject({ method: 'POST', url: '/api/v1/securityApp/pairing', headers: user.headers });
    const code = pairing.json().data.pairingCode as string;
    const first = await app.inject({
      method: 'POST',
      url: '/api/v1/securityApp/link',
      payload: { pairingCode: code, publicKey: newKeyPair().publicKey },
    });
    expect(first.statusCode).toBe(200);
    const second = await app.inject({
      method: 'POST',
      url: '/api/v1/securityApp/link',
      payload: { pairingCode: code, publicKey: newKeyPair().publicKey },
    });
    expect(second.json().error.code).toBe('PAIRING_CODE_INVALID');
  });

  it('removes the app only with the recovery secret; support resets a lost one, audited', async () => {
    const linked = await linkProviderApp();
    const wrong = await app.inject({
      method: 'POST',
      url: '/api/v1/securityApp/disconnect',
      headers: linked.user.headers,
      payload: { recoverySecret: 'not-the-secret' },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.message).toBe(
      'Es ist ein Fehler aufgetreten. Bitte schreib uns, damit wir uns um dein Anliegen kümmern können.',
    );
    const right = await app.inject({
      method: 'POST',
      url: '/api/v1/securityApp/disconnect',
      headers: linked.user.headers,
      payload: { recoverySecret: linked.recoverySecret },
    });
    expect(right.json().data.status).toBe('disconnected');
    const list = await app.inject({ url: '/api/v1/securityApp/signingRequests', headers: device(linked) });
    expect(list.statusCode).toBe(401);

    const lost = await linkProviderApp();
    const reset = await resetSecurityApp(app.db, {
      email: lost.user.email,
      operator: 'anna',
      reason: 'Handy verloren',
    });
    expect(reset.reset).toBe(true);
    const status = await app.inject({ url: '/api/v1/securityApp', headers: lost.user.headers });
    expect(status.json().data.status).toBe('disconnected');
    const trail = await app.db.select().from(securityAppAudit).where(eq(securityAppAudit.userId, lost.user.userId));
    expect(trail.at(-1)).toMatchObject({ action: 'support-reset', actor: 'support:anna' });
  });
});

describe('signing requests', () => {
  it('accepts the right signature once and runs the kind hook in the same transaction', async () => {
    const linked = await linkProviderApp();
    const outcomes: SigningOutcome[] = [];
    const off = app.settlements.add('test', async (tx, outcome) => {
      const [row] = await tx.select().from(signingRequests).where(eq(signingRequests.id, outcome.request.id));
      expect(row?.status).toBe(outcome.status);
      outcomes.push(outcome);
    });
    try {
      const request = await createTestRequest(linked);
      const signature = signText(linked.key, request.canonicalPayload);
      const ok = await approve(linked, request.id, signature);
      expect(ok.json().data.status).toBe('signed');
      expect(outcomes.map((o) => [o.request.id, o.status])).toEqual([[request.id, 'signed']]);

      // The same answer sent again (its response was lost) learns the recorded outcome; nothing
      // runs twice.
      const resent = await approve(linked, request.id, signature);
      expect(resent.statusCode, resent.body).toBe(200);
      expect(resent.json().data).toMatchObject({ id: request.id, status: 'signed' });
      expect(outcomes).toHaveLength(1);
      // Any other answer to a signed request is refused: a rejection, or another key's signature.
      const rejected = await app.inject({
        method: 'POST',
        url: `/api/v1/securityApp/signingRequests/${request.id}/reject`,
        headers: device(linked),
      });
      expect(rejected.json().error.code).toBe('SIGNING_REQUEST_NOT_PENDING');
      const forged = await approve(linked, request.id, signText(newKeyPair(), request.canonicalPayload));
      expect(forged.json().error.code).toBe('SIGNING_REQUEST_NOT_PENDING');
      expect(outcomes).toHaveLength(1);
      // ... and so is the same signature against a fresh request: its nonce differs.
      const other = await createTestRequest(linked);
      expect((await approve(linked, other.id, signature)).json().error.code).toBe('SIGNATURE_INVALID');
    } finally {
      off();
    }
  });

  it('refuses a signature over a tampered payload', async () => {
    const linked = await linkProviderApp();
    const request = await createTestRequest(linked);
    const tampered = request.canonicalPayload.replace('"amountCents":"40000"', '"amountCents":"4000"');
    expect(tampered).not.toBe(request.canonicalPayload);
    const res = await approve(linked, request.id, signText(linked.key, tampered));
    expect(res.json().error.code).toBe('SIGNATURE_INVALID');

    // A payload changed on the server after the app signed: the signature no longer matches.
    const second = await createTestRequest(linked);
    const signature = signText(linked.key, second.canonicalPayload);
    await app.db
      .update(signingRequests)
      .set({ canonicalPayload: second.canonicalPayload.replace('"sharesCount":"4"', '"sharesCount":"40"') })
      .where(eq(signingRequests.id, second.id));
    expect((await approve(linked, second.id, signature)).json().error.code).toBe('SIGNATURE_INVALID');
  });

  it('refuses a signature by another key', async () => {
    const linked = await linkProviderApp();
    const request = await createTestRequest(linked);
    const res = await approve(linked, request.id, signText(newKeyPair(), request.canonicalPayload));
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('SIGNATURE_INVALID');
    const status = await app.inject({
      url: `/api/v1/securityApp/signingRequests/${request.id}`,
      headers: device(linked),
    });
    expect(status.json().data.status).toBe('pending');
  });

  it('never issues a nonce twice', async () => {
    const linked = await linkProviderApp();
    const request = await createTestRequest(linked);
    await expect(
      app.db.insert(signingRequests).values({
        id: crypto.randomUUID(),
        userId: linked.user.userId,
        kind: 'test',
        canonicalPayload: request.canonicalPayload,
        nonce: request.nonce,
        expiresAt: new Date(Date.now() + 60_000),
      }),
    ).rejects.toThrow();
  });

  it('refuses an expired request, marks it expired and tells the flow', async () => {
    const linked = await linkProviderApp();
    const outcomes: string[] = [];
    const off = app.settlements.add('test', async (_tx, outcome) => {
      outcomes.push(outcome.status);
    });
    try {
      const request = await app.db.transaction((tx) =>
        createSigningRequest(tx, {
          userId: linked.user.userId,
          kind: 'test',
          payload: { amountCents: '100' },
          expiresInSeconds: 60,
          now: new Date(Date.now() - 120_000),
        }),
      );
      const res = await approve(linked, request.id, signText(linked.key, request.canonicalPayload));
      expect(res.statusCode).toBe(410);
      expect(res.json().error.code).toBe('SIGNING_REQUEST_EXPIRED');
      const view = await app.inject({
        url: `/api/v1/securityApp/signingRequests/${request.id}`,
        headers: device(linked),
      });
      expect(view.json().data.status).toBe('expired');
      expect(outcomes).toEqual(['expired']);
    } finally {
      off();
    }
  });

  it('records a rejection and stops the flow', async () => {
    const linked = await linkProviderApp();
    const request = await createTestRequest(linked);
    const res = await app.inject({
      method: 'POST',
      url: `/api/v1/securityApp/signingRequests/${request.id}/reject`,
      headers: device(linked),
    });
    expect(res.json().data.status).toBe('rejected');
    const late = await approve(linked, request.id, signText(linked.key, request.canonicalPayload));
    expect(late.json().error.code).toBe('SIGNING_REQUEST_NOT_PENDING');
  });

  it('needs a linked app to create a request', async () => {
    const user = await createLoggedInUser(app);
    const res = await app.inject({
      method: 'POST',
      url: '/api/v1/dev/securityApp/signingRequests',
      headers: user.headers,
      payload: {},
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toBe(
      'Es ist noch keine Sicherheits-App verbunden. Sie wird zum Fortfahren benötigt.',
    );
  });
});

describe('private security apps', () => {
  it.each([
    ['not base64', 'this is no key'],
    ['too short', Buffer.alloc(16, 7).toString('base64url')],
    ['all zero', Buffer.alloc(32).toString('base64url')],
  ])("answers 'Linking failed' on a bad key (%s)", async (_label, publicKey) => {
    const user = await createLoggedInUser(app);
    const res = await app.inject({
      method: 'POST',
      url: '/api/v1/securityApp/registerPrivate',
      headers: user.headers,
      payload: { publicKey },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe(
      'Die Verbindung mit der Sicherheits-App ist fehlgeschlagen. Bitte prüfe den öffentlichen Schlüssel.',
    );
  });

  it('makes the user a privateUser who signs with the session and may use only private offers', async () => {
    const user = await createLoggedInUser(app);
    const key = newKeyPair();
    const res = await app.inject({
      method: 'POST',
      url: '/api/v1/securityApp/registerPrivate',
      headers: user.headers,
      payload: { publicKey: key.publicKey },
    });
    expect(res.json().data).toMatchObject({ status: 'active', userType: 'privateUser' });
    const [row] = await app.db.select().from(users).where(eq(users.id, user.userId));
    expect(row?.userType).toBe('privateUser');

    const created = await app.inject({
      method: 'POST',
      url: '/api/v1/dev/securityApp/signingRequests',
      headers: user.headers,
      payload: {},
    });
    const request = created.json().data as { id: string; canonicalPayload: string };
    const signed = await app.inject({
      method: 'POST',
      url: `/api/v1/securityApp/signingRequests/${request.id}/signature`,
      headers: user.headers,
      payload: { signature: signText(key, request.canonicalPayload) },
    });
    expect(signed.json().data.status).toBe('signed');

    const privateUser = { userType: row?.userType ?? 'user' } as const;
    expect(() => assertMayUseVisibility(privateUser, 'bulletin')).toThrow(AppError);
    expect(() => assertMayUseVisibility(privateUser, 'bulletin')).toThrow(
      'Mit einer privaten Sicherheits-App kannst du nur private Angebote erstellen, annehmen und sehen.',
    );
    expect(() => assertMayUseVisibility(privateUser, 'private')).not.toThrow();
    expect(visibleOfferVisibilities(privateUser)).toEqual(['private']);
    expect(visibleOfferVisibilities({ userType: 'user' })).toEqual(['bulletin', 'private']);

    const off = await app.inject({
      method: 'POST',
      url: '/api/v1/securityApp/disconnect',
      headers: user.headers,
      payload: { recoverySecret: res.json().data.recoverySecret },
    });
    expect(off.statusCode).toBe(200);
    const [after] = await app.db.select().from(users).where(eq(users.id, user.userId));
    expect(after?.userType).toBe('user');
  });
});
