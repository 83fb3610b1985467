import { identityDocuments, identityVerifications, providerNotifications } from '@bw/db';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLoggedInUser } from '../../modules/auth/auth.test-support.js';
import { A, identificationClient, JPEG, PNG } from '../../modules/identification/identification.test-support.js';
import {
  type OnfidoContractServer,
  startOnfidoContractServer,
} from '../../test/contract-servers/onfido-contract-server.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

/**
 * The Onfido document identification against a local server speaking Onfido's API v3.6 (issue 38):
 * applicant and workflow run, the SDK token for the web and native capture, the verdict by a webhook
 * signed with X-SHA2-Signature, the documents fetched into our storage.
 */
let contract: OnfidoContractServer;
let testApp: TestApp;
let app: FastifyInstance;

beforeAll(async () => {
  contract = await startOnfidoContractServer();
  testApp = await createTestApp({
    env: {
      IDENTITY_PROVIDER: 'onfido',
      ONFIDO_API_TOKEN: contract.apiToken,
      ONFIDO_WEBHOOK_TOKEN: contract.webhookToken,
      ONFIDO_WORKFLOW_ID: contract.workflowId,
      ONFIDO_API_BASE_URL: contract.url,
      PROVIDER_TIMEOUT_MS: '1500',
      DATA_DIR: `/tmp/bw-onfido-test-${process.pid}`,
    },
  });
  app = testApp.app;
  const address = await app.listen({ host: '127.0.0.1', port: 0 });
  contract.control.setWebhookUrl(`${address}/api/v1/identification/notifications/onfido`);
}, 60_000);
afterAll(async () => {
  await testApp?.close();
  await contract?.close();
});

const newUser = async (lastName: string) => {
  const user = await createLoggedInUser(app);
  const named = await app.inject({
    method: 'PUT',
    url: '/api/v2/user',
    headers: user.headers,
    payload: { firstName: 'Erika', lastName },
  });
  expect(named.statusCode, named.body).toBe(200);
  return { user, idv: identificationClient(app, user) };
};

const verificationOf = async (userId: string) =>
  (await app.db.select().from(identityVerifications).where(eq(identityVerifications.userId, userId)))[0];

describe('Onfido: capture in the Onfido SDK, verdict by signed webhook', () => {
  let runId = '';
  let userId = '';

  it('opens an applicant and hands the SDK token of one workflow run to the client', async () => {
    const { user, idv } = await newUser('Onfido-Muster');
    userId = user.userId;
    expect((await idv.start('P1234567')).statusCode).toBe(200);
    expect(contract.control.applicants()).toContainEqual(expect.objectContaining({ lastName: 'Onfido-Muster' }));
    const session = await idv.json('GET', `${A}/captureSession`);
    expect(session.statusCode, session.body).toBe(200);
    expect(session.json().data).toMatchObject({ provider: 'onfido', sdkToken: expect.stringMatching(/^sdk\./) });
    runId = session.json().data.workflowRunId;
    expect(contract.control.runs()).toContainEqual({
      id: runId,
      applicantId: expect.any(String),
      status: 'awaiting_input',
    });
    // Asked again: the same run, no second one at Onfido.
    expect((await idv.json('GET', `${A}/captureSession`)).json().data.workflowRunId).toBe(runId);
    expect(contract.control.runs().filter((run) => run.id === runId)).toHaveLength(1);
  });

  it('refuses a forged or unsigned webhook: 401, nothing recorded', async () => {
    expect(await contract.control.sendWebhook(runId, 'approved', { forgeWith: 'not-the-webhook-token' })).toBe(401);
    expect(await contract.control.sendWebhook(runId, 'approved', { unsigned: true })).toBe(401);
    const rows = await app.db.select().from(providerNotifications).where(eq(providerNotifications.resourceId, runId));
    expect(rows).toEqual([]);
    expect((await verificationOf(userId))?.status).toBe('kycRequired');
  });

  it('verifies the investor from the run Onfido reports approved, and keeps the documents in our storage', async () => {
    expect(await contract.control.completeRun(runId, { status: 'approved', document: JPEG, selfie: PNG })).toBe(200);
    expect((await verificationOf(userId))?.status).toBe('kycRequired');
    await app.outboxRelay.drain();
    const verification = await verificationOf(userId);
    expect(verification).toMatchObject({ status: 'success', identityCheck: 'success' });
    const documents = await app.db
      .select()
      .from(identityDocuments)
      .where(eq(identityDocuments.verificationId, verification?.id ?? ''));
    expect(documents.map((doc) => doc.kind).sort()).toEqual(['document', 'selfie']);
    const stored = documents.find((doc) => doc.kind === 'document');
    expect(await app.providers.documents.read(stored?.storageKey ?? '')).toEqual(JPEG);
    // The same webhook again changes nothing and stores nothing twice.
    expect(await contract.control.sendWebhook(runId, 'approved')).toBe(200);
    await app.outboxRelay.drain();
    expect(
      await app.db
        .select()
        .from(identityDocuments)
        .where(eq(identityDocuments.verificationId, verification?.id ?? '')),
    ).toHaveLength(2);
  });

  it('refuses a signed webhook naming a run that is not ours: recorded as refused, no verdict', async () => {
    const foreign = '0b7f4a52-0000-4000-8000-000000000000';
    expect(await contract.control.sendWebhook(foreign, 'approved')).toBe(200);
    await app.outboxRelay.drain();
    const [row] = await app.db
      .select()
      .from(providerNotifications)
      .where(eq(providerNotifications.resourceId, foreign));
    expect(row).toMatchObject({ provider: 'onfido', outcome: 'refused' });
  });
});

describe('Onfido: files uploaded to our API go to the applicant, then the run', () => {
  it('uploads document and live photo, creates the run, and a declined run ends the attempt', async () => {
    const { user, idv } = await newUser('Upload-Muster');
    expect((await idv.start('P7654321')).statusCode).toBe(200);
    expect((await idv.upload('document', JPEG)).statusCode).toBe(200);
    expect((await idv.upload('selfie', PNG)).statusCode).toBe(200);
    const applicant = contract.control.applicants().find((candidate) => candidate.lastName === 'Upload-Muster');
    expect(contract.control.uploads(applicant?.id ?? '')).toEqual([
      { kind: 'document', type: 'passport', size: JPEG.length },
      { kind: 'live_photo', type: null, size: PNG.length },
    ]);
    const run = contract.control.runs().find((candidate) => candidate.applicantId === applicant?.id);
    expect(run?.status).toBe('awaiting_input');
    expect(await contract.control.completeRun(run?.id ?? '', { status: 'declined' })).toBe(200);
    await app.outboxRelay.drain();
    expect((await verificationOf(user.userId))?.status).toBe('rejected');
    expect((await idv.state()).userStatus).toBe('new');
  });
});

describe('Onfido outage', () => {
  it('answers 503 with the German text and opens no case', async () => {
    const { user, idv } = await newUser('Outage-Muster');
    contract.control.setOutage(true);
    try {
      const down = await idv.start('P1111111');
      expect(down.statusCode).toBe(503);
      expect(down.json().error).toMatchObject({
        code: 'PROVIDER_UNAVAILABLE',
        message: 'Unser Partnerdienst ist gerade nicht erreichbar. Bitte versuche es später nochmal.',
      });
      expect(await verificationOf(user.userId)).toBeUndefined();
    } finally {
      contract.control.setOutage(false);
    }
  }, 20_000);
});
