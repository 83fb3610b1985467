import { crc32, deflateSync } from 'node:zlib';
import { TERMS_KINDS } from '@bw/contracts';
import type { FastifyInstance } from 'fastify';
import type { WebhookTransport } from '../providers/identity-verification/identity-verification-provider.js';
import type { SeedClient } from './client.js';
import type { DemoInvestor } from './investors-content.js';

/**
 * A demo investor's onboarding through the screens' calls (ADR 0022): personal information, tax
 * numbers, the document ident whose verdict the identification sandbox sends as its signed
 * webhook, the terms, the qualified signature of the agreements with the SMS code, activation.
 */

const DOCUMENT_IDENT = '/api/v1/identification/docident';
/** A passport number without any of the sandbox's markers: the sandbox's verdict is success. */
const passportNumber = (investor: DemoInvestor) => `P${investor.birthDate.replaceAll('-', '')}`;
/** A signature drawn as path data, as the signature pad sends it. */
const DRAWN_SIGNATURE = 'M 12 44 L 28 14 L 41 40 L 57 18 L 74 42 L 98 36';

const chunk = (type: string, data: Buffer): Buffer => {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
};

/** A real PNG of one colour: the photo of the passport page or the selfie the seed uploads. */
export const solidPng = (width: number, height: number, [r, g, b]: [number, number, number]): Buffer => {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8 bit, RGB, deflate, no filter, no interlace
  const row = Buffer.concat([Buffer.from([0]), Buffer.alloc(width * 3).fill(Buffer.from([r, g, b]))]);
  const pixels = Buffer.concat(Array.from({ length: height }, () => row));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(pixels)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
};

const BOUNDARY = '----brickwise-seed-boundary';
const multipart = (bytes: Buffer, filename: string) => ({
  body: Buffer.concat([
    Buffer.from(
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: image/png\r\n\r\n`,
    ),
    bytes,
    Buffer.from(`\r\n--${BOUNDARY}--\r\n`),
  ]),
  headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
});

/** Hands the identification sandbox's queued webhooks to our webhook route (no socket before listen). */
export const deliverIdentificationWebhooks = async (app: FastifyInstance): Promise<void> => {
  const transport: WebhookTransport = async ({ body, headers }) =>
    (await app.inject({ method: 'POST', url: '/api/v1/identification/webhook', headers, payload: body })).statusCode;
  await app.sandbox.identityVerification.deliverWebhooks({ all: true, transport });
  await app.outboxRelay.drain();
};

const upload = async (client: SeedClient, url: string, bytes: Buffer, filename: string) => {
  const { body, headers } = multipart(bytes, filename);
  await client.data('POST', url, body, headers);
};

/** The SMS code the sandbox sent last to the phone. */
const latestSmsCode = async (app: FastifyInstance, phone: string): Promise<string> => {
  // With the worker on, its own relay may be sending the SMS right now: wait for it a little.
  for (let attempt = 0; attempt < 50; attempt += 1) {
    if (attempt > 0) await new Promise((resolve) => setTimeout(resolve, 200));
    await app.outboxRelay.drain();
    const [sms] = await app.sandbox.messaging.listMessages({ recipient: phone, channel: 'sms' });
    const code = sms?.bodyText.match(/\b(\d{6})\b/)?.[1];
    if (code) return code;
  }
  throw new Error(`seed: no SMS code to ${phone}`);
};

/** Personal information, compliance answers, phone and tax numbers: the onboarding screens in order. */
const personalInformation = async (client: SeedClient, investor: DemoInvestor) => {
  await client.data('PUT', '/api/v2/user/personalInformation/address', {
    street: investor.street,
    houseNumber: investor.houseNumber,
    postcode: investor.postcode,
    city: investor.city,
    domicile: 'AT',
  });
  await client.data('PUT', '/api/v2/user/personalInformation/birthDate', { birthDate: investor.birthDate });
  await client.data('PUT', '/api/v2/user/personalInformation/birthPlace', {
    birthCountry: 'AT',
    birthCity: investor.city,
  });
  await client.data('PUT', '/api/v2/user/personalInformation/nationality', { nationality: 'AT' });
  await client.data('POST', '/api/v1/user/complianceInformation', { PEP: false });
  await client.data('PUT', '/api/v2/user/phone', { phone: investor.phone });
  for (const [country, taxId] of investor.taxIds)
    await client.data('PUT', '/api/v2/user/account/taxId', { country, taxId });
  // German products ask for church membership (spec section 5); the demo investors are not members.
  await client.data('PUT', '/api/v2/user/account/churchTax', { hasChurchTax: false });
  await client.data('PUT', '/api/v2/user/account/iban', { iban: investor.iban });
};

/** Document ident: passport number, photo of the page, selfie; the sandbox answers by webhook. */
const identify = async (app: FastifyInstance, client: SeedClient, investor: DemoInvestor) => {
  await client.data('POST', DOCUMENT_IDENT, { documentType: 'passport', documentNumber: passportNumber(investor) });
  await upload(client, `${DOCUMENT_IDENT}/verification?kind=document`, solidPng(96, 64, [30, 60, 140]), 'pass.png');
  await upload(client, `${DOCUMENT_IDENT}/verification?kind=selfie`, solidPng(64, 64, [210, 170, 140]), 'selfie.png');
  await deliverIdentificationWebhooks(app);
};

/** The terms, then the agreements signed with a drawn signature, a selfie and the SMS code. */
const signAgreements = async (app: FastifyInstance, client: SeedClient, investor: DemoInvestor) => {
  await client.data(
    'PUT',
    '/api/v2/user/complianceInformation/terms',
    Object.fromEntries(TERMS_KINDS.map((kind) => [kind, true])),
  );
  await client.data('POST', `${DOCUMENT_IDENT}/signingRequest`);
  await client.data('POST', `${DOCUMENT_IDENT}/signature`, { signature: DRAWN_SIGNATURE });
  await upload(client, `${DOCUMENT_IDENT}/signature/selfie`, solidPng(64, 64, [205, 165, 135]), 'selfie.png');
  await client.data('POST', `${DOCUMENT_IDENT}/signature/authorize`);
  await client.data('POST', `${DOCUMENT_IDENT}/signature/otp`, { otp: await latestSmsCode(app, investor.phone) });
  await deliverIdentificationWebhooks(app);
};

/** Onboarding up to an active account, each part skipped when the state says it is done. */
export const onboardInvestor = async (app: FastifyInstance, client: SeedClient, investor: DemoInvestor) => {
  type State = { identityCheck?: string; canActivate?: boolean };
  const state = () => client.data<State>('GET', '/api/v1/identification');
  await personalInformation(client, investor);
  if ((await state()).identityCheck !== 'success') await identify(app, client, investor);
  await signAgreements(app, client, investor);
  await client.data('POST', '/api/v2/user/activate');
};
