import { agreementSignatures, providerNotifications, providerObjects } from '@bw/db';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { A, latestSmsCode, readyToConfirmSignature } from '../../modules/identification/identification.test-support.js';
import {
  type SkribbleContractServer,
  startSkribbleContractServer,
} from '../../test/contract-servers/skribble-contract-server.js';
import { freePort } from '../../test/free-port.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

/**
 * The qualified e-signature of the agreements at Skribble against a local server speaking
 * Skribble's API v2 (issue 38): signature request with the agreements, the signer sent to Skribble's
 * page, the callback checked by its token and resolved by reading the request, the signed PDF kept.
 */
let contract: SkribbleContractServer;
let testApp: TestApp;
let app: FastifyInstance;

beforeAll(async () => {
  contract = await startSkribbleContractServer();
  const port = await freePort();
  testApp = await createTestApp({
    env: {
      SIGNATURE_PROVIDER: 'skribble',
      SKRIBBLE_USERNAME: contract.username,
      SKRIBBLE_API_KEY: contract.apiKey,
      SKRIBBLE_BASE_URL: contract.url,
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      IDV_SANDBOX_DELAY_MS: '0',
      PROVIDER_TIMEOUT_MS: '1500',
      DATA_DIR: `/tmp/bw-skribble-test-${process.pid}`,
    },
  });
  app = testApp.app;
  await app.listen({ host: '127.0.0.1', port });
}, 60_000);
afterAll(async () => {
  await testApp?.close();
  await contract?.close();
});

const signatureOf = async (userId: string) =>
  (await app.db.select().from(agreementSignatures).where(eq(agreementSignatures.userId, userId)))[0];

describe('Skribble: the agreements signed with a QES', () => {
  let userId = '';
  let requestId = '';
  let signingRequestId = '';

  it('creates a QES signature request with all agreements and sends the signer to Skribble', async () => {
    const { user, idv, phone } = await readyToConfirmSignature(app, 'Skribble-Muster');
    userId = user.userId;
    const confirmed = await idv.json('POST', `${A}/signature/otp`, { otp: await latestSmsCode(app, phone) });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json().data.signature.status).toBe('pending');
    const [request] = contract.control.requests();
    expect(request).toMatchObject({
      title: 'Deine Vereinbarungen',
      quality: 'QES',
      legislation: 'EU',
      status: 'OPEN',
      signer: { email_address: user.email, first_name: 'Erika', last_name: 'Skribble-Muster' },
    });
    expect(request?.pdfBytes).toBeGreaterThan(1_000);
    requestId = request?.id ?? '';
    signingRequestId = (await signatureOf(userId))?.id ?? '';
    const redirect = await idv.json('GET', `${A}/signature/redirect`);
    expect(redirect.statusCode, redirect.body).toBe(200);
    expect(redirect.json().data.url).toMatch(/^https:\/\/my\.skribble\.com\/view\//);
  });

  it('refuses a callback whose token is forged or missing: 401, nothing recorded', async () => {
    const genuine = new URL(contract.control.callbackUrl(requestId, 'success'));
    const forged = new URL(genuine);
    forged.searchParams.set('token', 'f'.repeat(64));
    expect(await contract.control.callRaw(forged.toString())).toBe(401);
    const missing = new URL(genuine);
    missing.searchParams.delete('token');
    expect(await contract.control.callRaw(missing.toString())).toBe(401);
    // A genuine token for another reference does not fit this one.
    const swapped = new URL(genuine);
    swapped.searchParams.set('ref', '00000000-0000-4000-8000-000000000000');
    expect(await contract.control.callRaw(swapped.toString())).toBe(401);
    expect(
      await app.db.select().from(providerNotifications).where(eq(providerNotifications.provider, 'skribble')),
    ).toEqual([]);
  });

  it('takes the signature as signed from the request Skribble reports, and keeps the signed PDF', async () => {
    // A genuine callback before the signer signed changes nothing: Skribble still says OPEN.
    expect(await contract.control.callRaw(contract.control.callbackUrl(requestId, 'update'))).toBe(200);
    await app.outboxRelay.drain();
    expect((await signatureOf(userId))?.status).toBe('pending');
    expect(await contract.control.sign(requestId)).toBe(200);
    await app.outboxRelay.drain();
    expect(await signatureOf(userId)).toMatchObject({ status: 'signed', signedAt: expect.any(Date) });
    const [row] = await app.db
      .select()
      .from(providerObjects)
      .where(and(eq(providerObjects.provider, 'skribble'), eq(providerObjects.ourRef, signingRequestId)));
    const kept = await app.providers.documents.read(String(row?.data.signedDocumentKey));
    expect(kept).toEqual(contract.control.signedDocument(requestId));
  });
});

describe('Skribble: declined and unreachable', () => {
  it('a declined request ends the signature as rejected', async () => {
    const { user, idv, phone } = await readyToConfirmSignature(app, 'Decline-Muster');
    await idv.json('POST', `${A}/signature/otp`, { otp: await latestSmsCode(app, phone) });
    const request = contract.control.requests().find((candidate) => candidate.signer?.last_name === 'Decline-Muster');
    expect(await contract.control.decline(request?.id ?? '')).toBe(200);
    await app.outboxRelay.drain();
    expect((await signatureOf(user.userId))?.status).toBe('rejected');
  });

  it('an outage answers 503 with the German text; the signer may ask for a new code', async () => {
    const { user, idv, phone } = await readyToConfirmSignature(app, 'Outage-Muster');
    contract.control.setOutage(true);
    try {
      const down = await idv.json('POST', `${A}/signature/otp`, { otp: await latestSmsCode(app, phone) });
      expect(down.statusCode).toBe(503);
      expect(down.json().error.message).toBe(
        'Unser Partnerdienst ist gerade nicht erreichbar. Bitte versuche es später nochmal.',
      );
      expect((await signatureOf(user.userId))?.status).toBe('confirmation_required');
    } finally {
      contract.control.setOutage(false);
    }
  });
});
