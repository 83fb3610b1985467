import { IDV_SIGNATURE_HEADER, IDV_TIMESTAMP_HEADER } from '@bw/contracts';
import { identityVerifications } from '@bw/db';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signWebhook } from '../../providers/payments/webhook-signature.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { createLoggedInUser, latestEmail } from '../auth/auth.test-support.js';
import {
  A,
  B,
  deliverIdentificationWebhooks,
  GIF,
  identificationClient,
  identifyWith,
  JPEG,
  PDF,
  PNG,
} from './identification.test-support.js';

const SECRET = 'test-idv-webhook-secret-0123456789';
let testApp: TestApp;
let app: FastifyInstance;

beforeAll(async () => {
  testApp = await createTestApp({
    env: { IDV_WEBHOOK_SECRET: SECRET, IDV_SANDBOX_DELAY_MS: '0', DATA_DIR: `/tmp/bw-idv-test-${process.pid}` },
  });
  app = testApp.app;
  // The sandbox provider posts its verdicts over real HTTP to this server.
  await app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => testApp.close());

const newUser = async (lastName?: string) => {
  const user = await createLoggedInUser(app);
  if (lastName) {
    await app.inject({
      method: 'PUT',
      url: '/api/v2/user',
      headers: user.headers,
      payload: { firstName: 'Erika', lastName },
    });
  }
  return { user, idv: identificationClient(app, user) };
};

/** The identification verdicts in the user's inbox, newest first. */
const identificationInbox = async (user: { headers: Record<string, string> }) => {
  const res = await app.inject({ url: '/api/v1/notification', headers: user.headers });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json().data.items as { event: string; title: string; seen: boolean }[])
    .filter((item) => item.event.startsWith('identification.'))
    .map(({ event, title, seen }) => ({ event, title, seen }));
};

describe('document identification (provider docident)', () => {
  it('lists the accepted documents and starts in state new', async () => {
    const { idv } = await newUser();
    const accepted = await idv.json('GET', `${A}/acceptedDocuments`);
    expect(accepted.json().data.map((doc: { type: string }) => doc.type)).toEqual([
      'passport',
      'idCard',
      'drivingLicence',
    ]);
    expect(await idv.state()).toMatchObject({
      userStatus: 'new',
      verificationStatus: 'new',
      identityCheck: 'new',
      signature: { status: 'new' },
      canRetry: true,
    });
  });

  it('success: document and selfie go to review (pending), the signed webhook verifies the user and an e-mail tells them', async () => {
    const { user, idv } = await newUser();
    const state = await identifyWith(app, idv, 'P1234567');
    expect(state).toMatchObject({
      verificationStatus: 'success',
      identityCheck: 'success',
      userStatus: 'verified',
      canRetry: false,
    });
    const me = await idv.json('GET', '/api/v1/user');
    expect(me.json().data).toMatchObject({ status: 'verified', registrationProcessStatus: { kycDocuments: true } });
    expect((await latestEmail(app, user.email)).subject).toContain('Deine Identität ist bestätigt');
    // Issue 23: the verdict lands unread in the inbox as well.
    expect(await identificationInbox(user)).toEqual([
      { event: 'identification.approved', title: 'Identifizierung erfolgreich', seen: false },
    ]);
    expect((await idv.start('P7654321')).json().error.code).toBe('ALREADY_VERIFIED');
  });

  it.each([
    [
      'PENDING01',
      { verificationStatus: 'manualCheck', identityCheck: 'pending', userStatus: 'pending', canRetry: true },
    ],
    ['INVALID01', { verificationStatus: 'rejected', identityCheck: 'invalid_data', userStatus: 'new', canRetry: true }],
    [
      'INCONSISTENT1',
      { verificationStatus: 'rejected', identityCheck: 'inconsistent_data', userStatus: 'new', canRetry: true },
    ],
    ['FAIL0001', { verificationStatus: 'rejected', identityCheck: 'rejected', userStatus: 'new', canRetry: true }],
    ['FRAUD001', { verificationStatus: 'rejected', identityCheck: 'fraud', userStatus: 'new', canRetry: false }],
    [
      'BAV00001',
      { verificationStatus: 'bavRequired', identityCheck: 'success', userStatus: 'pending', canRetry: false },
    ],
    [
      'QES00001',
      { verificationStatus: 'qesRequired', identityCheck: 'success', userStatus: 'pending', canRetry: false },
    ],
  ])('document number %s ends as %o', async (documentNumber, expected) => {
    const { idv } = await newUser();
    expect(await identifyWith(app, idv, documentNumber)).toMatchObject(expected);
  });

  it('failed: retry with another document succeeds; fraud blocks any retry', async () => {
    const { user, idv } = await newUser();
    await identifyWith(app, idv, 'FAIL0002');
    expect(await identificationInbox(user)).toEqual([
      { event: 'identification.declined', title: 'Identifizierung nicht erfolgreich', seen: false },
    ]);
    expect(await identifyWith(app, idv, 'P2222222')).toMatchObject({
      verificationStatus: 'success',
      userStatus: 'verified',
    });

    const fraud = await newUser();
    await identifyWith(app, fraud.idv, 'FRAUD002');
    const again = await fraud.idv.start('P3333333');
    expect(again.statusCode).toBe(403);
    expect(again.json().error.code).toBe('IDENTIFICATION_BLOCKED');
  });

  it('too-bright selfie: the user retakes only the selfie, and the second one passes', async () => {
    const { idv } = await newUser();
    const first = await identifyWith(app, idv, 'BRIGHT01');
    expect(first).toMatchObject({
      verificationStatus: 'kycRequired',
      identityCheck: 'invalid_data',
      retake: 'selfie',
      userStatus: 'new',
    });
    const retaken = await idv.upload('selfie', JPEG);
    expect(retaken.json().data).toMatchObject({ verificationStatus: 'pending', retake: null, userStatus: 'pending' });
    await deliverIdentificationWebhooks(app);
    expect(await idv.state()).toMatchObject({ verificationStatus: 'success', userStatus: 'verified' });
  });

  it('bank-account verification: the session completes the identification', async () => {
    const { idv } = await newUser();
    await identifyWith(app, idv, 'BAV00002');
    const session = await idv.json('GET', `${A}/bavSession`);
    expect(session.statusCode).toBe(200);
    expect(session.json().data.url).toContain(session.json().data.sessionId);
    await deliverIdentificationWebhooks(app);
    expect(await idv.state()).toMatchObject({ verificationStatus: 'success', userStatus: 'verified' });
  });

  it('a second start while under review is refused; uploads need a started identification', async () => {
    const { idv } = await newUser();
    const early = await idv.upload('document', JPEG);
    expect(early.statusCode).toBe(409);
    expect(early.json().error.code).toBe('IDENTIFICATION_NOT_STARTED');
    await idv.start('PENDING02');
    await idv.upload('document', PDF);
    await idv.upload('selfie', PNG);
    const busy = await idv.start('P4444444');
    expect(busy.json().error.code).toBe('IDENTIFICATION_IN_PROGRESS');
    expect((await idv.upload('selfie', PNG)).json().error.code).toBe('IDENTIFICATION_IN_PROGRESS');
  });
});

describe('uploads', () => {
  it('refuses other types, a selfie as PDF, too large files, a missing file, a cut-off and a non-multipart body', async () => {
    const { user, idv } = await newUser();
    await idv.start('P5555555');
    const gif = await idv.upload('document', GIF, { contentType: 'image/jpeg' });
    expect(gif.statusCode).toBe(415);
    expect(gif.json().error).toMatchObject({ code: 'UPLOAD_TYPE_NOT_ALLOWED' });
    expect((await idv.upload('selfie', PDF)).json().error.code).toBe('UPLOAD_TYPE_NOT_ALLOWED');
    const big = await idv.upload('document', Buffer.concat([JPEG, Buffer.alloc(10 * 1024 * 1024)]));
    expect(big.statusCode).toBe(413);
    expect(big.json().error.code).toBe('UPLOAD_TOO_LARGE');
    const wrongField = await idv.upload('document', JPEG, { field: 'document' });
    expect(wrongField.json().error.code).toBe('UPLOAD_MISSING');
    const json = await idv.json('POST', `${A}/verification?kind=document`, { file: 'x' });
    expect(json.statusCode).toBe(415);
    const truncated = await app.inject({
      method: 'POST',
      url: `${A}/verification?kind=document`,
      headers: { ...user.headers, 'content-type': 'multipart/form-data; boundary=b' },
      payload: '--b\r\nContent-Disposition: form-data; name="file"; filename="a.jpg"\r\n\r\n\xff\xd8\xff',
    });
    expect(truncated.statusCode).toBe(400);
    const badKind = await idv.upload('passport' as 'document', JPEG);
    expect(badKind.statusCode).toBe(400);
    expect((await idv.state()).documents).toHaveLength(0);
  });

  it('only the owner can read an uploaded file', async () => {
    const owner = await newUser();
    await owner.idv.start('P6666666');
    const uploaded = await owner.idv.upload('document', PDF, { contentType: 'application/pdf' });
    const [doc] = uploaded.json().data.documents;
    expect(doc).toMatchObject({ kind: 'document', contentType: 'application/pdf', sizeBytes: PDF.length });
    const mine = await owner.idv.json('GET', `${A}/verification/${doc.id}`);
    expect(mine.statusCode).toBe(200);
    expect(mine.rawPayload.equals(PDF)).toBe(true);

    const other = await newUser();
    const theirs = await other.idv.json('GET', `${A}/verification/${doc.id}`);
    expect(theirs.statusCode).toBe(404);
    const guest = await app.inject({ url: `${A}/verification/${doc.id}` });
    expect(guest.statusCode).toBe(401);
  });
});

describe('video identification (provider videoident)', () => {
  it('answers data.idNowId and a waiting time; the verdict comes from the last name', async () => {
    const ok = await newUser('Muster');
    const wait = await ok.idv.json('GET', `${B}/estimatedwaitingtime`);
    expect(wait.json().data.estimatedWaitingTimeSeconds).toBeGreaterThan(0);
    const started = await ok.idv.json('POST', B);
    expect(started.statusCode).toBe(200);
    expect(started.json().data.idNowId).toMatch(/^BWS-[A-Z0-9]{8}$/);
    expect(await ok.idv.state()).toMatchObject({
      provider: 'videoident',
      idNowId: started.json().data.idNowId,
      userStatus: 'pending',
    });
    await deliverIdentificationWebhooks(app);
    expect(await ok.idv.state()).toMatchObject({ verificationStatus: 'success', userStatus: 'verified' });

    const failing = await newUser('Fail-Muster');
    await failing.idv.json('POST', B);
    await deliverIdentificationWebhooks(app);
    expect(await failing.idv.state()).toMatchObject({ identityCheck: 'rejected', userStatus: 'new', canRetry: true });
  });
});

describe('POST /api/v1/identification/webhook', () => {
  const post = (body: string, headers: Record<string, string>) =>
    app.inject({
      method: 'POST',
      url: '/api/v1/identification/webhook',
      headers: { 'content-type': 'application/json', ...headers },
      payload: body,
    });
  const signed = (body: string, timestamp = Math.floor(Date.now() / 1000)) => ({
    [IDV_TIMESTAMP_HEADER]: String(timestamp),
    [IDV_SIGNATURE_HEADER]: signWebhook(SECRET, timestamp, body),
  });

  it('applies a signed verdict once; a replay changes nothing; bad signatures and stale timestamps are refused', async () => {
    const { idv } = await newUser();
    await idv.start('PENDING03');
    await idv.upload('document', JPEG);
    await idv.upload('selfie', JPEG);
    await deliverIdentificationWebhooks(app); // manual check
    const { verificationId } = await idv.state();
    const [row] = await app.db.select().from(identityVerifications).where(eq(identityVerifications.id, verificationId));
    const caseId = row?.providerRef;
    expect(caseId).toBeTruthy();
    const body = JSON.stringify({ eventId: `evt-${Date.now()}`, type: 'identity.checked', caseId, result: 'success' });

    const forged = await post(body, {
      [IDV_TIMESTAMP_HEADER]: String(Math.floor(Date.now() / 1000)),
      [IDV_SIGNATURE_HEADER]: 'ab'.repeat(32),
    });
    expect(forged.statusCode).toBe(401);
    expect(forged.json().error.code).toBe('WEBHOOK_SIGNATURE_INVALID');
    expect((await post(body, {})).statusCode).toBe(401);
    const stale = await post(body, signed(body, Math.floor(Date.now() / 1000) - 3600));
    expect(stale.statusCode).toBe(400);
    expect((await idv.state()).verificationStatus).toBe('manualCheck');

    const applied = await post(body, signed(body));
    expect(applied.json().data.outcome).toBe('applied');
    expect(await idv.state()).toMatchObject({ verificationStatus: 'success', userStatus: 'verified' });

    const replay = await post(body, signed(body));
    expect(replay.json().data.outcome).toBe('duplicate');
    // A later, different verdict for a settled case is ignored too.
    const late = JSON.stringify({
      eventId: `evt-late-${Date.now()}`,
      type: 'identity.checked',
      caseId,
      result: 'fraud',
    });
    expect((await post(late, signed(late))).json().data.outcome).toBe('ignored');
    expect(await idv.state()).toMatchObject({ identityCheck: 'success', userStatus: 'verified' });
  });

  it('a late rejection of a replaced attempt leaves the new attempt under review', async () => {
    const { idv } = await newUser();
    await identifyWith(app, idv, 'PENDING04'); // manual check; the user retries
    const { verificationId: oldId } = await idv.state();
    const [old] = await app.db.select().from(identityVerifications).where(eq(identityVerifications.id, oldId));
    await idv.start('PENDING05');
    await idv.upload('document', JPEG);
    await idv.upload('selfie', JPEG);
    const late = JSON.stringify({
      eventId: `evt-old-${Date.now()}`,
      type: 'identity.checked',
      caseId: old?.providerRef,
      result: 'rejected',
    });
    expect((await post(late, signed(late))).json().data.outcome).toBe('applied');
    expect(await idv.state()).toMatchObject({ verificationStatus: 'pending', userStatus: 'pending' });
  });

  it('answers 400, never 500, to signed nonsense', async () => {
    for (const body of [
      '{',
      '{"type":"identity.checked"}',
      '[]',
      '{"eventId":"x","type":"bav.completed","caseId":"nope","result":"success"}',
    ]) {
      const res = await post(body, signed(body));
      expect(res.statusCode).toBeLessThan(500);
    }
  });
});
