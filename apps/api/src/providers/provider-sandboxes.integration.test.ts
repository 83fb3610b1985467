import { renderPdf } from '@bw/domain';
import Fastify from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../test/test-database.js';
import { createIdnowVideoIdent } from './identity-verification/idnow-video-ident.js';
import { createOnfidoDocumentIdent } from './identity-verification/onfido-document-ident.js';
import { createTwilioSms } from './messaging/twilio-sms.js';
import { createMangopayPayments } from './payments/mangopay-payments.js';
import { createSkribbleSignatures } from './signatures/skribble-signatures.js';

/**
 * The staging profile (issue 38): the same adapters against each provider's own sandbox, when its
 * credentials are set in the environment; otherwise each block is skipped and says which settings
 * it needs. The contract-server tests beside each adapter always run.
 */
const env = process.env;
const mangopay = env.MANGOPAY_SANDBOX_CLIENT_ID && env.MANGOPAY_SANDBOX_API_KEY;
const twilio = env.TWILIO_SANDBOX_ACCOUNT_SID && env.TWILIO_SANDBOX_AUTH_TOKEN;
const onfido = env.ONFIDO_SANDBOX_API_TOKEN && env.ONFIDO_SANDBOX_WORKFLOW_ID;
const idnow = env.IDNOW_SANDBOX_COMPANY_ID && env.IDNOW_SANDBOX_API_KEY;
const skribble = env.SKRIBBLE_SANDBOX_USERNAME && env.SKRIBBLE_SANDBOX_API_KEY;
const log = Fastify({ logger: false }).log;
const databases: TestDatabase[] = [];
afterAll(async () => Promise.all(databases.map((database) => database.close())));

if (!mangopay)
  console.info('Mangopay sandbox tests skipped: set MANGOPAY_SANDBOX_CLIENT_ID and MANGOPAY_SANDBOX_API_KEY');
if (!twilio) console.info('Twilio sandbox tests skipped: set TWILIO_SANDBOX_ACCOUNT_SID and TWILIO_SANDBOX_AUTH_TOKEN');
if (!onfido) console.info('Onfido sandbox tests skipped: set ONFIDO_SANDBOX_API_TOKEN and ONFIDO_SANDBOX_WORKFLOW_ID');
if (!idnow) console.info('IDnow test-gateway tests skipped: set IDNOW_SANDBOX_COMPANY_ID and IDNOW_SANDBOX_API_KEY');
if (!skribble)
  console.info('Skribble demo-key tests skipped: set SKRIBBLE_SANDBOX_USERNAME and SKRIBBLE_SANDBOX_API_KEY');

const scratchDb = async () => {
  const database = await createTestDatabase({ fixtures: false });
  databases.push(database);
  return database.db;
};

describe.skipIf(!mangopay)("Mangopay's sandbox", () => {
  it('opens a user, a wallet and a virtual IBAN, and reads the wallet balance', async () => {
    const database = await createTestDatabase({ fixtures: false });
    databases.push(database);
    const payments = createMangopayPayments(
      {
        clientId: env.MANGOPAY_SANDBOX_CLIENT_ID ?? '',
        apiKey: env.MANGOPAY_SANDBOX_API_KEY ?? '',
        baseUrl: 'https://api.sandbox.mangopay.com',
        platformUserId: env.MANGOPAY_SANDBOX_PLATFORM_USER_ID ?? '',
        feeWalletId: env.MANGOPAY_SANDBOX_FEE_WALLET_ID ?? '',
        houseWalletId: env.MANGOPAY_SANDBOX_HOUSE_WALLET_ID ?? '',
        virtualAccountCountry: env.MANGOPAY_SANDBOX_VIRTUAL_ACCOUNT_COUNTRY ?? 'FR',
      },
      { db: database.db, log, resilience: { timeoutMs: 30_000 } },
    );
    const wallet = await payments.openWallet({
      externalRef: crypto.randomUUID(),
      holder: {
        firstName: 'Erika',
        lastName: 'Muster',
        email: `sandbox-${Date.now()}@example.at`,
        birthDate: '1985-07-04',
        nationality: 'AT',
        countryOfResidence: 'AT',
        address: { line1: 'Mariahilfer Straße 12', city: 'Wien', postcode: '1060', country: 'AT' },
      },
    });
    expect(wallet.iban).toMatch(/^[A-Z]{2}\d{2}/);
    expect(await payments.wallets?.balance(wallet.walletId)).toBe(0n);
  }, 120_000);
});

describe.skipIf(!twilio)("Twilio's test credentials", () => {
  it("sends to Twilio's magic test number", async () => {
    const database = await createTestDatabase({ fixtures: false });
    databases.push(database);
    const sms = createTwilioSms(
      {
        accountSid: env.TWILIO_SANDBOX_ACCOUNT_SID ?? '',
        authToken: env.TWILIO_SANDBOX_AUTH_TOKEN ?? '',
        // Twilio's documented test "From" number that always succeeds with test credentials.
        from: '+15005550006',
        statusCallbackUrl: 'https://example.invalid/api/v1/notifications/twilio/status',
      },
      { db: database.db },
    );
    const sent = await sms.send({ idempotencyKey: crypto.randomUUID(), to: '+436761234567', text: 'Test' });
    expect(sent.messageId).toMatch(/^SM/);
  }, 60_000);
});

describe.skipIf(!onfido)("Onfido's sandbox", () => {
  it('opens an applicant and hands out the SDK token of a workflow run', async () => {
    const documentIdent = createOnfidoDocumentIdent(
      {
        apiToken: env.ONFIDO_SANDBOX_API_TOKEN ?? '',
        webhookToken: 'not-used-by-this-test',
        workflowId: env.ONFIDO_SANDBOX_WORKFLOW_ID ?? '',
        region: (env.ONFIDO_SANDBOX_REGION as 'EU' | 'US' | 'CA' | undefined) ?? 'EU',
      },
      { db: await scratchDb(), resilience: { timeoutMs: 30_000 } },
    );
    const { caseId } = await documentIdent.openCase({
      reference: crypto.randomUUID(),
      firstName: 'Erika',
      lastName: 'Muster',
      email: `sandbox-${Date.now()}@example.at`,
    });
    const session = await documentIdent.captureSession?.({ caseId });
    expect(session?.sdkToken.length).toBeGreaterThan(20);
  }, 120_000);
});

describe.skipIf(!idnow)("IDnow's test gateway", () => {
  it('starts an ident and answers its id', async () => {
    const videoIdent = createIdnowVideoIdent(
      {
        companyId: env.IDNOW_SANDBOX_COMPANY_ID ?? '',
        apiKey: env.IDNOW_SANDBOX_API_KEY ?? '',
        gatewayUrl: 'https://gateway.test.idnow.de',
        goUrl: 'https://go.test.idnow.de',
        webhookSecret: 'not-used-by-this-test',
      },
      { db: await scratchDb(), resilience: { timeoutMs: 30_000 } },
    );
    const started = await videoIdent.startIdent({
      reference: crypto.randomUUID(),
      firstName: 'X-AUTOTEST-HAPPYPATH',
      lastName: 'Muster',
      email: `sandbox-${Date.now()}@example.at`,
      birthDate: '1985-07-04',
      nationality: 'AT',
    });
    expect(started.identId.length).toBeGreaterThan(3);
  }, 120_000);
});

describe.skipIf(!skribble)("Skribble's demo key", () => {
  it('creates a QES signature request with a signer and answers the signing page', async () => {
    const database = await createTestDatabase({ fixtures: false });
    databases.push(database);
    const signatures = createSkribbleSignatures(
      {
        username: env.SKRIBBLE_SANDBOX_USERNAME ?? '',
        apiKey: env.SKRIBBLE_SANDBOX_API_KEY ?? '',
        baseUrl: 'https://api.skribble.com',
        legislation: 'EU',
        callbackUrl: 'https://example.invalid/api/v1/identification/notifications/skribble',
      },
      {
        db: database.db,
        storage: { save: async () => ({ storageKey: 'x', sha256: 'x' }), read: async () => Buffer.alloc(0) } as never,
        resilience: { timeoutMs: 30_000 },
      },
    );
    const pdf = await renderPdf({ title: 'Test', createdOn: '2026-01-01', paragraphs: ['Test'] });
    const result = await signatures.createQualifiedSignature({
      signingRequestId: crypto.randomUUID(),
      reference: crypto.randomUUID(),
      signer: { email: `sandbox-${Date.now()}@example.at`, firstName: 'Erika', lastName: 'Muster' },
      documents: async () => [{ title: 'Test', pdf }],
    });
    expect(result.signingUrl).toMatch(/^https:/);
  }, 120_000);
});
