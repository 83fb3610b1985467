import { providerNotifications } from '@bw/db';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  startTwilioContractServer,
  type TwilioContractServer,
} from '../../test/contract-servers/twilio-contract-server.js';
import { freePort } from '../../test/free-port.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

/** The Twilio SMS adapter and its signed status callback against a local Twilio (issue 38). */
let contract: TwilioContractServer;
let testApp: TestApp;
let app: FastifyInstance;

beforeAll(async () => {
  contract = await startTwilioContractServer();
  const port = await freePort();
  testApp = await createTestApp({
    env: {
      SMS_PROVIDER: 'twilio',
      TWILIO_ACCOUNT_SID: contract.accountSid,
      TWILIO_AUTH_TOKEN: contract.authToken,
      TWILIO_FROM: 'Brickwise',
      TWILIO_API_BASE_URL: contract.url,
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      PROVIDER_TIMEOUT_MS: '2000',
    },
  });
  app = testApp.app;
  await app.listen({ host: '127.0.0.1', port });
}, 60_000);
afterAll(async () => {
  await testApp?.close();
  await contract?.close();
});

describe('SMS through Twilio', () => {
  let sid = '';

  it('sends the German text from the configured sender with a status callback, once per key', async () => {
    const text = 'Dein Code für die Auszahlung: 123456. Er gilt 10 Minuten.';
    const sent = await app.providers.sms.send({ idempotencyKey: 'sms-test-1', to: '+436761234567', text });
    expect(sent.duplicate).toBe(false);
    expect(contract.messages).toEqual([
      {
        sid: sent.messageId,
        to: '+436761234567',
        from: 'Brickwise',
        body: text,
        statusCallback: expect.stringMatching(/\/api\/v1\/notifications\/twilio\/status$/),
      },
    ]);
    sid = sent.messageId;
    const again = await app.providers.sms.send({ idempotencyKey: 'sms-test-1', to: '+436761234567', text });
    expect(again).toEqual({ messageId: sid, duplicate: true });
    expect(contract.messages).toHaveLength(1);
  });

  it('takes a status callback signed by Twilio and refuses a forged or unsigned one', async () => {
    expect(await contract.control.deliverStatus(sid, 'delivered')).toBe(200);
    const rows = await app.db.select().from(providerNotifications).where(eq(providerNotifications.resourceId, sid));
    expect(rows).toEqual([expect.objectContaining({ provider: 'twilio', eventType: 'delivered' })]);
    expect(await contract.control.deliverStatus(sid, 'failed', { forgeWith: 'not-the-auth-token-0000' })).toBe(401);
    expect(await contract.control.deliverStatus(sid, 'failed', { unsigned: true })).toBe(401);
    const after = await app.db.select().from(providerNotifications).where(eq(providerNotifications.resourceId, sid));
    expect(after).toHaveLength(1);
  });

  it('refuses a wrong number permanently, and answers an outage with PROVIDER_UNAVAILABLE', async () => {
    await expect(
      app.providers.sms.send({ idempotencyKey: 'sms-test-2', to: '0676 123', text: 'Hallo' }),
    ).rejects.toMatchObject({ name: 'ProviderError', permanent: true });
    contract.control.setOutage(true);
    try {
      await expect(
        app.providers.sms.send({ idempotencyKey: 'sms-test-3', to: '+436761234567', text: 'Hallo' }),
      ).rejects.toMatchObject({ code: 'PROVIDER_UNAVAILABLE', status: 503 });
    } finally {
      contract.control.setOutage(false);
    }
  });
});
