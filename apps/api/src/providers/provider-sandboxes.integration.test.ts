import Fastify from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../test/test-database.js';
import { createTwilioSms } from './messaging/twilio-sms.js';
import { createMangopayPayments } from './payments/mangopay-payments.js';

/**
 * The staging profile (issue 38): the same adapters against each provider's own sandbox, when its
 * credentials are set in the environment; otherwise each block is skipped and says which settings
 * it needs. The contract-server tests beside each adapter always run.
 */
const env = process.env;
const mangopay = env.MANGOPAY_SANDBOX_CLIENT_ID && env.MANGOPAY_SANDBOX_API_KEY;
const twilio = env.TWILIO_SANDBOX_ACCOUNT_SID && env.TWILIO_SANDBOX_AUTH_TOKEN;
const log = Fastify({ logger: false }).log;
const databases: TestDatabase[] = [];
afterAll(async () => Promise.all(databases.map((database) => database.close())));

if (!mangopay)
  console.info('Mangopay sandbox tests skipped: set MANGOPAY_SANDBOX_CLIENT_ID and MANGOPAY_SANDBOX_API_KEY');
if (!twilio) console.info('Twilio sandbox tests skipped: set TWILIO_SANDBOX_ACCOUNT_SID and TWILIO_SANDBOX_AUTH_TOKEN');

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
