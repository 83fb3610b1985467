import { TERMS_KINDS } from '@bw/contracts';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { createLoggedInUser, type LoggedIn } from '../auth/auth.test-support.js';

/** Real magic bytes, padded: the server sniffs the type from the first bytes. */
export const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(2_000, 7)]);
export const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.alloc(2_000, 3),
]);
export const PDF = Buffer.from('%PDF-1.4\n% test document\n%%EOF\n');
export const GIF = Buffer.from('GIF89a........................');

/** A signature drawn as path data: moves and lines. */
export const DRAWN_SIGNATURE = 'M 10 40 L 30 12 L 52 44 L 80 20';

const BOUNDARY = '----brickwise-test-boundary';

export const multipart = (
  bytes: Buffer,
  options: { field?: string; filename?: string; contentType?: string } = {},
): { payload: Buffer; headers: Record<string, string> } => ({
  payload: Buffer.concat([
    Buffer.from(
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${options.field ?? 'file'}"; filename="${options.filename ?? 'upload.jpg'}"\r\nContent-Type: ${options.contentType ?? 'image/jpeg'}\r\n\r\n`,
    ),
    bytes,
    Buffer.from(`\r\n--${BOUNDARY}--\r\n`),
  ]),
  headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
});

export const A = '/api/v1/identification/docident';
export const B = '/api/v1/identification/videoident';

export type Idv = ReturnType<typeof identificationClient>;

/** Calls of one logged-in user against the identification routes. */
export const identificationClient = (app: FastifyInstance, user: LoggedIn) => {
  const json = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object): Promise<LightMyRequestResponse> =>
    payload === undefined
      ? app.inject({ method, url, headers: user.headers })
      : app.inject({ method, url, headers: user.headers, payload });
  return {
    json,
    state: async () => (await json('GET', '/api/v1/identification')).json().data,
    start: (documentNumber: string, documentType = 'passport') => json('POST', A, { documentType, documentNumber }),
    upload: (kind: 'document' | 'selfie', bytes: Buffer, options: Parameters<typeof multipart>[1] = {}) => {
      const body = multipart(bytes, options);
      return app.inject({
        method: 'POST',
        url: `${A}/verification?kind=${kind}`,
        headers: { ...user.headers, ...body.headers },
        payload: body.payload,
      });
    },
    signatureSelfie: (bytes: Buffer) => {
      const body = multipart(bytes);
      return app.inject({
        method: 'POST',
        url: `${A}/signature/selfie`,
        headers: { ...user.headers, ...body.headers },
        payload: body.payload,
      });
    },
  };
};

/** Sends every queued provider webhook now (real HTTP), then runs the outbox (e-mails, SMS). */
export const deliverIdentificationWebhooks = async (app: FastifyInstance): Promise<void> => {
  await app.inject({ method: 'POST', url: '/api/v1/dev/identification/deliver' });
  await app.outboxRelay.drain();
};

/** Document, selfie, sandbox verdict: the whole document ident with this test document number. */
export const identifyWith = async (app: FastifyInstance, idv: Idv, documentNumber: string) => {
  expect((await idv.start(documentNumber)).statusCode).toBe(200);
  expect((await idv.upload('document', JPEG)).statusCode).toBe(200);
  const submitted = await idv.upload('selfie', PNG);
  expect(submitted.statusCode).toBe(200);
  expect(submitted.json().data).toMatchObject({
    verificationStatus: 'pending',
    identityCheck: 'pending',
    userStatus: 'pending',
  });
  await deliverIdentificationWebhooks(app);
  return idv.state();
};

let phoneCounter = 0;
/** Personal information through the onboarding calls, a unique phone number, every terms box ticked. */
export const completeOnboarding = async (app: FastifyInstance, user: LoggedIn): Promise<string> => {
  const put = async (url: string, payload: Record<string, unknown>, method: 'PUT' | 'POST' = 'PUT') => {
    const res = await app.inject({ method, url, headers: user.headers, payload });
    expect(res.statusCode, res.body).toBe(200);
  };
  await put('/api/v2/user/personalInformation/address', {
    street: 'Mariahilfer Straße 12',
    postcode: '1060',
    city: 'Wien',
    domicile: 'AT',
  });
  await put('/api/v2/user/personalInformation/birthDate', { birthDate: '1985-07-04' });
  await put('/api/v2/user/personalInformation/birthPlace', { birthCountry: 'AT', birthCity: 'Graz' });
  await put('/api/v2/user/personalInformation/nationality', { nationality: 'AT' });
  await put('/api/v1/user/complianceInformation', { PEP: false }, 'POST');
  phoneCounter += 1;
  const digits = String((process.pid * 97 + phoneCounter * 7919 + Date.now()) % 10_000_000).padStart(7, '0');
  await put('/api/v2/user/phone', { phone: `0676 ${digits}` });
  return `+43676${digits}`;
};

export const acceptAllTerms = async (app: FastifyInstance, user: LoggedIn) => {
  const res = await app.inject({
    method: 'PUT',
    url: '/api/v2/user/complianceInformation/terms',
    headers: user.headers,
    payload: Object.fromEntries(TERMS_KINDS.map((kind) => [kind, true])),
  });
  expect(res.statusCode).toBe(200);
};

export const latestSmsCode = async (app: FastifyInstance, phone: string): Promise<string> => {
  await app.outboxRelay.drain();
  const res = await app.inject({ url: '/api/v1/dev/mailbox', query: { recipient: phone, channel: 'sms' } });
  const text: string = res.json().data[0]?.bodyText ?? '';
  const code = /(\d{6})/.exec(text)?.[1];
  if (!code) throw new Error(`no code in SMS: ${text}`);
  return code;
};

/** A verified user with complete personal information, every box ticked and the signature waiting for its code. */
export const readyToConfirmSignature = async (app: FastifyInstance, lastName = 'Muster') => {
  const user = await createLoggedInUser(app);
  await app.inject({
    method: 'PUT',
    url: '/api/v2/user',
    headers: user.headers,
    payload: { firstName: 'Erika', lastName },
  });
  const idv = identificationClient(app, user);
  const phone = await completeOnboarding(app, user);
  await identifyWith(app, idv, 'P1234567');
  await acceptAllTerms(app, user);
  expect((await idv.json('POST', `${A}/signingRequest`)).json().data.signature.status).toBe('user_consent_required');
  expect((await idv.json('POST', `${A}/signature`, { signature: DRAWN_SIGNATURE })).json().data.signature.status).toBe(
    'selfie_required',
  );
  expect((await idv.signatureSelfie(JPEG)).json().data.signature.status).toBe('confirmation_required');
  const authorized = await idv.json('POST', `${A}/signature/authorize`);
  expect(authorized.json().data.signature).toMatchObject({
    status: 'confirmation_required',
    otpSentTo: expect.stringMatching(/^\+43/),
  });
  return { user, idv, phone };
};
