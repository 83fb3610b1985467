import { identityDocuments, identityVerifications, providerNotifications } from '@bw/db';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLoggedInUser } from '../../modules/auth/auth.test-support.js';
import { B, JPEG, PNG } from '../../modules/identification/identification.test-support.js';
import {
  type IdnowContractServer,
  startIdnowContractServer,
} from '../../test/contract-servers/idnow-contract-server.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

/**
 * The IDnow video identification against a local server speaking IDnow's gateway API (issue 38):
 * ident start and the redirect to the video call, the callback checked (security header and JWT
 * against the JWKS), the result and the files read from IDnow.
 */
let contract: IdnowContractServer;
let testApp: TestApp;
let app: FastifyInstance;

beforeAll(async () => {
  contract = await startIdnowContractServer();
  testApp = await createTestApp({
    env: {
      VIDEO_IDENT_PROVIDER: 'idnow',
      IDNOW_COMPANY_ID: contract.companyId,
      IDNOW_API_KEY: contract.apiKey,
      IDNOW_GATEWAY_URL: contract.url,
      IDNOW_GO_URL: 'https://go.test.idnow.de',
      IDNOW_WEBHOOK_SECRET: contract.webhookSecret,
      IDNOW_WEBHOOK_JWKS_URL: contract.jwksUrl,
      PROVIDER_TIMEOUT_MS: '1500',
      DATA_DIR: `/tmp/bw-idnow-test-${process.pid}`,
    },
  });
  app = testApp.app;
  const address = await app.listen({ host: '127.0.0.1', port: 0 });
  contract.control.setCallbackUrl(`${address}/api/v1/identification/notifications/idnow`);
}, 60_000);
afterAll(async () => {
  await testApp?.close();
  await contract?.close();
});

const newUser = async (lastName: string) => {
  const user = await createLoggedInUser(app);
  await app.inject({
    method: 'PUT',
    url: '/api/v2/user',
    headers: user.headers,
    payload: { firstName: 'Max', lastName },
  });
  return user;
};
const verificationOf = async (userId: string) =>
  (await app.db.select().from(identityVerifications).where(eq(identityVerifications.userId, userId)))[0];

describe('IDnow: video identification', () => {
  let userId = '';
  let transactionNumber = '';

  it('starts an ident with the investor’s data and answers its id and the redirect to the video call', async () => {
    const user = await newUser('Video-Muster');
    userId = user.userId;
    const started = await app.inject({ method: 'POST', url: B, headers: user.headers });
    expect(started.statusCode, started.body).toBe(200);
    const { idNowId, redirectUrl } = started.json().data;
    expect(idNowId).toMatch(/^TST-[0-9A-F]{6}$/);
    expect(redirectUrl).toBe(`https://go.test.idnow.de/${contract.companyId}/identifications/${idNowId}`);
    const ident = contract.control.idents().find((candidate) => candidate.id === idNowId);
    expect(ident).toMatchObject({ firstname: 'Max', lastname: 'Video-Muster', result: null });
    transactionNumber = ident?.transactionNumber ?? '';
    expect(await verificationOf(userId)).toMatchObject({
      provider: 'videoident',
      providerRef: idNowId,
      status: 'pending',
    });
  });

  it('refuses a callback with a wrong security header, a foreign signature, or none: 401, nothing recorded', async () => {
    expect(await contract.control.sendCallback(transactionNumber, { wrongSecret: true })).toBe(401);
    expect(await contract.control.sendCallback(transactionNumber, { foreignKey: true })).toBe(401);
    expect(await contract.control.sendCallback(transactionNumber, { unsigned: true })).toBe(401);
    const rows = await app.db
      .select()
      .from(providerNotifications)
      .where(eq(providerNotifications.resourceId, transactionNumber));
    expect(rows).toEqual([]);
  });

  it('verifies the investor from the result IDnow reports, and keeps the ident’s files', async () => {
    const status = await contract.control.finish(transactionNumber, 'SUCCESS', {
      'document_front.jpg': JPEG,
      'face.png': PNG,
      'protocol.xml': Buffer.from('<xml/>'),
    });
    expect(status).toBe(200);
    await app.outboxRelay.drain();
    const verification = await verificationOf(userId);
    expect(verification).toMatchObject({ status: 'success', identityCheck: 'success' });
    const documents = await app.db
      .select()
      .from(identityDocuments)
      .where(eq(identityDocuments.verificationId, verification?.id ?? ''));
    expect(documents.map((doc) => [doc.kind, doc.contentType]).sort()).toEqual([
      ['document', 'image/jpeg'],
      ['selfie', 'image/png'],
    ]);
    const waiting = await app.inject({
      url: `${B}/estimatedwaitingtime`,
      headers: (await createLoggedInUser(app)).headers,
    });
    expect(waiting.statusCode).toBe(200);
    expect(waiting.json().data.estimatedWaitingTimeSeconds).toBeGreaterThanOrEqual(1);
    expect(waiting.json().data.estimatedWaitingTimeSeconds).toBeLessThan(60);
  });

  it('refuses a correctly signed callback for a transaction that is not ours', async () => {
    expect(await contract.control.sendCallback('bw-not-ours')).toBe(200);
    await app.outboxRelay.drain();
    const [row] = await app.db
      .select()
      .from(providerNotifications)
      .where(eq(providerNotifications.resourceId, 'bw-not-ours'));
    expect(row).toMatchObject({ provider: 'idnow', outcome: 'refused' });
  });

  it('ends the attempt on a fraud result', async () => {
    const user = await newUser('Fraud-Muster');
    const started = await app.inject({ method: 'POST', url: B, headers: user.headers });
    const ident = contract.control.idents().find((candidate) => candidate.id === started.json().data.idNowId);
    expect(await contract.control.finish(ident?.transactionNumber ?? '', 'FRAUD_SUSPICION_CONFIRMED')).toBe(200);
    await app.outboxRelay.drain();
    expect(await verificationOf(user.userId)).toMatchObject({ status: 'rejected', identityCheck: 'fraud' });
  });

  it('answers an outage with 503 and the German text, and starts nothing', async () => {
    const user = await newUser('Outage-Muster');
    contract.control.setOutage(true);
    try {
      const down = await app.inject({ method: 'POST', url: B, headers: user.headers });
      expect(down.statusCode).toBe(503);
      expect(down.json().error.message).toBe(
        'Unser Partnerdienst ist gerade nicht erreichbar. Bitte versuche es später nochmal.',
      );
      expect(await verificationOf(user.userId)).toBeUndefined();
    } finally {
      contract.control.setOutage(false);
    }
  });
});
