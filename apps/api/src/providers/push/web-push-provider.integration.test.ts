import { execFileSync } from 'node:child_process';
import { createDecipheriv, createECDH, hkdfSync, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import type { IncomingHttpHeaders } from 'node:http';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import webpush from 'web-push';
import type { PushMessage } from './push-provider.js';
import { createWebPushProvider } from './web-push-provider.js';

/**
 * ADR 0031: the real Web Push adapter against a local push service. The test plays the browser
 * (its own P-256 key pair and auth secret, as `PushManager.subscribe` makes them) and the push
 * service (an HTTPS endpoint on 127.0.0.1): the request must carry a VAPID authorisation for the
 * endpoint's origin and an aes128gcm body that only the subscription's private key decrypts (RFC
 * 8291), and a 410 answer must report the subscription gone.
 */
type Received = { headers: IncomingHttpHeaders; body: Buffer };

let server: https.Server;
let endpointBase = '';
let nextStatus = 201;
const received: Received[] = [];
const vapid = webpush.generateVAPIDKeys();

beforeAll(async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'push-'));
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:prime256v1',
      '-nodes',
      '-days',
      '1',
      '-subj',
      '/CN=127.0.0.1',
      '-addext',
      'subjectAltName=IP:127.0.0.1',
      '-keyout',
      path.join(dir, 'key.pem'),
      '-out',
      path.join(dir, 'cert.pem'),
    ],
    { stdio: 'ignore' },
  );
  server = https.createServer(
    { key: fs.readFileSync(path.join(dir, 'key.pem')), cert: fs.readFileSync(path.join(dir, 'cert.pem')) },
    (request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        received.push({ headers: request.headers, body: Buffer.concat(chunks) });
        response.writeHead(nextStatus, { location: '/message/1' }).end();
      });
    },
  );
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  endpointBase = `https://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

/** RFC 8291 (aes128gcm) decryption, as the browser does it with the subscription's private key. */
const decrypt = (body: Buffer, userAgent: { ecdh: ReturnType<typeof createECDH>; auth: Buffer }): string => {
  const salt = body.subarray(0, 16);
  const keyIdLength = body.readUInt8(20);
  const serverPublic = body.subarray(21, 21 + keyIdLength);
  const ciphertext = body.subarray(21 + keyIdLength);
  const shared = userAgent.ecdh.computeSecret(serverPublic);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), userAgent.ecdh.getPublicKey(), serverPublic]);
  const ikm = Buffer.from(hkdfSync('sha256', shared, userAgent.auth, keyInfo, 32));
  const cek = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16));
  const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12));
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(ciphertext.subarray(ciphertext.length - 16));
  const padded = Buffer.concat([decipher.update(ciphertext.subarray(0, ciphertext.length - 16)), decipher.final()]);
  // The last record ends with the delimiter 0x02 followed by zero padding.
  const end = padded.lastIndexOf(2);
  return padded.subarray(0, end).toString('utf8');
};

const browserSubscription = (id: string) => {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const auth = randomBytes(16);
  return {
    userAgent: { ecdh, auth },
    subscription: {
      endpoint: `${endpointBase}/push/${id}`,
      keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: auth.toString('base64url') },
    },
  };
};

const message: PushMessage = {
  idempotencyKey: 'push:test:1',
  recipient: 'ines@example.at',
  title: 'Kauf abgeschlossen',
  body: 'Dein Kauf von 2 Anteile ist abgeschlossen.',
  link: 'investments',
};

describe('Web Push adapter', () => {
  const provider = () =>
    createWebPushProvider({
      vapid: { ...vapid, subject: 'mailto:support@brickwise.example' },
      fcm: null,
      agent: new https.Agent({ rejectUnauthorized: false }),
    });

  it('sends an aes128gcm payload only the subscription decrypts, with a VAPID authorisation', async () => {
    const { userAgent, subscription } = browserSubscription('a');
    nextStatus = 201;
    const result = await provider().send({ kind: 'webpush', subscription }, message);
    expect(result.gone).toBeUndefined();
    const request = received.at(-1);
    if (!request) throw new Error('the push service got nothing');
    expect(request.headers['content-encoding']).toBe('aes128gcm');
    expect(request.headers.ttl).toBe('86400');
    const authorization = String(request.headers.authorization);
    expect(authorization).toMatch(new RegExp(`^vapid t=[\\w-]+\\.[\\w-]+\\.[\\w-]+, k=${vapid.publicKey}$`));
    const claims = JSON.parse(Buffer.from(authorization.split('.')[1] ?? '', 'base64url').toString('utf8'));
    expect(claims.aud).toBe(endpointBase);
    expect(JSON.parse(decrypt(request.body, userAgent))).toEqual({
      title: 'Kauf abgeschlossen',
      body: 'Dein Kauf von 2 Anteile ist abgeschlossen.',
      link: 'investments',
      tag: 'push:test:1',
    });
    // Another subscription's key cannot read it.
    expect(() => decrypt(request.body, browserSubscription('b').userAgent)).toThrow();
  });

  it('reports a subscription the push service no longer knows (410) as gone', async () => {
    const { subscription } = browserSubscription('c');
    nextStatus = 410;
    expect((await provider().send({ kind: 'webpush', subscription }, message)).gone).toBe(true);
  });

  it('refuses an FCM token when no FCM sender is configured, permanently', async () => {
    await expect(provider().send({ kind: 'fcm', token: 'x'.repeat(150) }, message)).rejects.toMatchObject({
      permanent: true,
    });
  });
});
