import { DEFAULT_LEGAL_PROVIDERS, type LegalProviders, TERMS_KINDS } from '@bw/contracts';
import { agreementSignatures, termsAcceptances } from '@bw/db';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { createLoggedInUser } from '../auth/auth.test-support.js';
import {
  A,
  acceptAllTerms,
  completeOnboarding,
  DRAWN_SIGNATURE,
  deliverIdentificationWebhooks,
  identificationClient,
  identifyWith,
  JPEG,
  latestSmsCode,
  readyToConfirmSignature,
} from './identification.test-support.js';

let testApp: TestApp;
let app: FastifyInstance;

beforeAll(async () => {
  testApp = await createTestApp({
    env: { IDV_SANDBOX_DELAY_MS: '0', DATA_DIR: `/tmp/bw-idv-agreements-${process.pid}` },
  });
  app = testApp.app;
  await app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => testApp.close());

const readyToConfirm = (lastName = 'Muster') => readyToConfirmSignature(app, lastName);

describe('legal documents', () => {
  it.each(TERMS_KINDS)('serves %s as a real PDF to a logged-in user', async (kind) => {
    const user = await createLoggedInUser(app);
    const res = await app.inject({ url: `/api/v1/identification/agreements/${kind}`, headers: user.headers });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('names every document by its German name and the partner’s own provider, in the PDF, its file name and the documents list', async () => {
    const providersOf = async (partnerId: string) =>
      (
        (await app.inject({ url: '/api/v1/appConfig/' })).json().data as {
          partnerId: string;
          legalProviders: LegalProviders;
        }[]
      ).find((config) => config.partnerId === partnerId)?.legalProviders;
    const brickwise = await createLoggedInUser(app);
    const alpen = await createLoggedInUser(app, { partnerId: 'alpenanteil' });
    const titlesOf = async (user: typeof brickwise) => {
      // The agreements as a completed signature leaves them (the signing itself is tested below).
      await app.db
        .insert(agreementSignatures)
        .values({ userId: user.userId, status: 'signed', documents: [...TERMS_KINDS], signedAt: new Date() });
      const listed = await app.inject({ url: '/api/v1/user/documents', headers: user.headers });
      expect(listed.statusCode, listed.body).toBe(200);
      return (listed.json().data.documents as { kind: string; title: string }[])
        .filter((document) => document.kind === 'agreement')
        .map((document) => document.title);
    };
    const ownTitles = await titlesOf(brickwise);
    const own = await providersOf('brickwise');
    expect(own).toEqual(DEFAULT_LEGAL_PROVIDERS);
    expect(ownTitles).toHaveLength(TERMS_KINDS.length);
    expect(ownTitles).toContain('Rahmenvertrag für Zahlungsdienste – Mangopay S.A.');
    expect(ownTitles).toContain('Datenschutzhinweise zur qualifizierten elektronischen Signatur – Skribble AG');
    const alpenTitles = await titlesOf(alpen);
    expect(alpenTitles).toContain('Vertragsbedingungen – Alpenanteil Beteiligungs GmbH');
    expect(alpenTitles).toContain('Bedingungen der Stromvermarktung – Alpenstrom Vermarktung GmbH');
    expect(alpenTitles).not.toContain('Vertragsbedingungen – Brickwise Invest GmbH');
    // No placeholder: no generic "provider" wording, every title names its company.
    for (const title of [...ownTitles, ...alpenTitles]) {
      expect(title).not.toMatch(/Anbieter|\{\{/);
      expect(title).toMatch(/ – \S/);
    }
    const pdf = await app.inject({ url: '/api/v1/identification/agreements/paymentProvider', headers: alpen.headers });
    expect(pdf.headers['content-disposition']).toBe(
      'inline; filename="rahmenvertrag-fuer-zahlungsdienste-mangopay-s-a.pdf"',
    );
  });

  it('answers 400 for an unknown kind and 401 for a guest', async () => {
    const user = await createLoggedInUser(app);
    expect(
      (await app.inject({ url: '/api/v1/identification/agreements/nope', headers: user.headers })).statusCode,
    ).toBe(400);
    expect((await app.inject({ url: '/api/v1/identification/agreements/productProvider' })).statusCode).toBe(401);
  });
});

describe('agreement signature (QES with SMS code)', () => {
  it('waits as kyc_required without an identity check, then asks for consent', async () => {
    const user = await createLoggedInUser(app);
    const idv = identificationClient(app, user);
    expect((await idv.json('POST', `${A}/signingRequest`)).json().data.signature.status).toBe('kyc_required');
    await identifyWith(app, idv, 'P1234567');
    expect((await idv.json('POST', `${A}/signingRequest`)).json().data.signature.status).toBe('user_consent_required');
  });

  it('refuses an empty signature (in German) and unticked boxes', async () => {
    const user = await createLoggedInUser(app);
    const idv = identificationClient(app, user);
    await identifyWith(app, idv, 'P1234567');
    await idv.json('POST', `${A}/signingRequest`);
    for (const signature of ['', '   ', 'M 10 10', '<svg/>']) {
      const empty = await idv.json('POST', `${A}/signature`, { signature });
      expect(empty.statusCode).toBe(400);
      expect(empty.json().error).toMatchObject({
        code: 'SIGNATURE_EMPTY',
        message: 'Im Feld ist noch keine Unterschrift.',
      });
    }
    const unticked = await idv.json('POST', `${A}/signature`, { signature: DRAWN_SIGNATURE });
    expect(unticked.json().error.code).toBe('TERMS_NOT_ACCEPTED');
    expect(Object.keys(unticked.json().error.fields)).toHaveLength(TERMS_KINDS.length);
    // Steps out of order are refused, not crashed.
    expect((await idv.json('POST', `${A}/signature/otp`, { otp: '123456' })).json().error.code).toBe(
      'SIGNATURE_STEP_INVALID',
    );
  });

  it("signs with the SMS code: a wrong code is 'Der eingegebene Code ist leider falsch.', the right one signs; IP and times are kept", async () => {
    const { user, idv, phone } = await readyToConfirm();
    const code = await latestSmsCode(app, phone);
    const wrong = await idv.json('POST', `${A}/signature/otp`, { otp: code === '000000' ? '111111' : '000000' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error).toMatchObject({
      code: 'SIGNATURE_CODE_WRONG',
      message: 'Der eingegebene Code ist leider falsch.',
    });
    const right = await idv.json('POST', `${A}/signature/otp`, { otp: code });
    expect(right.json().data.signature.status).toBe('pending');
    // Single use: the same code again finds nothing to confirm.
    expect((await idv.json('POST', `${A}/signature/otp`, { otp: code })).json().error.code).toBe(
      'SIGNATURE_STEP_INVALID',
    );
    await deliverIdentificationWebhooks(app);
    const state = await idv.state();
    expect(state.signature).toMatchObject({ status: 'signed', documents: [...TERMS_KINDS] });
    expect(state.canActivate).toBe(true);

    const [row] = await app.db.select().from(agreementSignatures).where(eq(agreementSignatures.userId, user.userId));
    expect(row).toMatchObject({ ipAddress: '127.0.0.1', otpFailedAttempts: 1 });
    expect(row?.otpHash).not.toContain(code);
    const [terms] = await app.db.select().from(termsAcceptances).where(eq(termsAcceptances.userId, user.userId));
    expect(terms?.ipAddress).toBe('127.0.0.1');
    expect(terms?.productProviderAt).toBeInstanceOf(Date);
  });

  it('an expired code is refused; resend sends a new one, which works', async () => {
    const { user, idv, phone } = await readyToConfirm();
    const first = await latestSmsCode(app, phone);
    await app.db
      .update(agreementSignatures)
      .set({ otpExpiresAt: new Date(Date.now() - 1000) })
      .where(eq(agreementSignatures.userId, user.userId));
    const expired = await idv.json('POST', `${A}/signature/otp`, { otp: first });
    expect(expired.json().error.code).toBe('SIGNATURE_CODE_EXPIRED');
    expect((await idv.json('POST', `${A}/signature/resend`)).statusCode).toBe(200);
    const second = await latestSmsCode(app, phone);
    expect((await idv.json('POST', `${A}/signature/otp`, { otp: second })).json().data.signature.status).toBe(
      'pending',
    );
  });

  it('five wrong codes lock the code; a resent code works again; resends are limited', async () => {
    const { idv, phone } = await readyToConfirm();
    const code = await latestSmsCode(app, phone);
    const wrongCode = code === '999999' ? '888888' : '999999';
    for (let attempt = 0; attempt < 5; attempt += 1) {
      expect((await idv.json('POST', `${A}/signature/otp`, { otp: wrongCode })).json().error.code).toBe(
        'SIGNATURE_CODE_WRONG',
      );
    }
    const locked = await idv.json('POST', `${A}/signature/otp`, { otp: code });
    expect(locked.statusCode).toBe(429);
    expect(locked.json().error.code).toBe('SIGNATURE_CODE_LOCKED');
    let fresh = code;
    for (let send = 2; send <= 5; send += 1) {
      expect((await idv.json('POST', `${A}/signature/resend`)).statusCode).toBe(200);
      fresh = await latestSmsCode(app, phone);
    }
    expect((await idv.json('POST', `${A}/signature/resend`)).json().error.code).toBe('SIGNATURE_RESEND_LIMIT');
    const confirmed = await idv.json('POST', `${A}/signature/otp`, { otp: fresh });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json().data.signature.status).toBe('pending');
  });

  it.each([
    ['Signreject-Muster', 'rejected'],
    ['Signerror-Muster', 'error'],
  ])('a signer named %s gets the signature status %s and may start again', async (lastName, status) => {
    const { idv, phone } = await readyToConfirm(lastName);
    await idv.json('POST', `${A}/signature/otp`, { otp: await latestSmsCode(app, phone) });
    await deliverIdentificationWebhooks(app);
    expect((await idv.state()).signature.status).toBe(status);
    expect((await idv.json('POST', `${A}/signingRequest`)).json().data.signature.status).toBe('user_consent_required');
  });

  it('a QES the provider asked for completes the identification', async () => {
    const user = await createLoggedInUser(app);
    const idv = identificationClient(app, user);
    const phone = await completeOnboarding(app, user);
    expect(await identifyWith(app, idv, 'QES00002')).toMatchObject({
      verificationStatus: 'qesRequired',
      userStatus: 'pending',
    });
    await acceptAllTerms(app, user);
    await idv.json('POST', `${A}/signingRequest`);
    await idv.json('POST', `${A}/signature`, { signature: DRAWN_SIGNATURE });
    await idv.signatureSelfie(JPEG);
    await idv.json('POST', `${A}/signature/authorize`);
    await idv.json('POST', `${A}/signature/otp`, { otp: await latestSmsCode(app, phone) });
    await deliverIdentificationWebhooks(app);
    expect(await idv.state()).toMatchObject({
      verificationStatus: 'success',
      userStatus: 'verified',
      signature: { status: 'signed' },
    });
  });
});

describe('POST /api/v2/user/activate', () => {
  it('refuses until every step is done, naming the missing ones; then activates once', async () => {
    const user = await createLoggedInUser(app);
    const activate = () => app.inject({ method: 'POST', url: '/api/v2/user/activate', headers: user.headers });
    const early = await activate();
    expect(early.statusCode).toBe(409);
    expect(early.json().error).toMatchObject({ code: 'ACTIVATION_STEPS_MISSING' });
    expect(Object.keys(early.json().error.fields)).toEqual([
      'personalInformation',
      'kycDocuments',
      'termsAcceptance',
      'agreementSignature',
    ]);
    expect((await app.inject({ method: 'POST', url: '/api/v2/user/activate' })).statusCode).toBe(401);
  });

  it('a verified user with personal information, accepted terms and a signature becomes active', async () => {
    const { user, idv, phone } = await readyToConfirm();
    await idv.json('POST', `${A}/signature/otp`, { otp: await latestSmsCode(app, phone) });
    await deliverIdentificationWebhooks(app);
    const activated = await app.inject({ method: 'POST', url: '/api/v2/user/activate', headers: user.headers });
    expect(activated.statusCode).toBe(200);
    expect(activated.json().data).toMatchObject({
      status: 'active',
      registrationProcessStatus: { kycDocuments: true, personalInformation: true, userWasActivatedOnce: true },
    });
    const again = await app.inject({ method: 'POST', url: '/api/v2/user/activate', headers: user.headers });
    expect(again.json().data.status).toBe('active');
    expect((await idv.state()).canActivate).toBe(false);
  });
});
