import type { AddressInfo } from 'node:net';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import webpush from 'web-push';
import { S3RVER_CREDENTIALS, startS3rver } from '../providers/storage/s3rver.test-support.js';
import { type IdnowContractServer, startIdnowContractServer } from './contract-servers/idnow-contract-server.js';
import {
  type MangopayContractServer,
  startMangopayContractServer,
} from './contract-servers/mangopay-contract-server.js';
import { type OnfidoContractServer, startOnfidoContractServer } from './contract-servers/onfido-contract-server.js';
import {
  type SkribbleContractServer,
  startSkribbleContractServer,
} from './contract-servers/skribble-contract-server.js';
import { startTwilioContractServer, type TwilioContractServer } from './contract-servers/twilio-contract-server.js';

/**
 * Issue 38: what a production start needs outside the product, all local — an SMTP server that
 * keeps what it receives, an S3 server, and the contract servers of Mangopay, Onfido, IDnow,
 * Skribble and Twilio — and the production settings that point every real adapter at them. Used
 * by the production-start integration test and by the browser tests' production-like server
 * (e2e/playwright.production.config.ts).
 */
export type ProductionLikeProviders = {
  mangopay: MangopayContractServer;
  onfido: OnfidoContractServer;
  idnow: IdnowContractServer;
  skribble: SkribbleContractServer;
  twilio: TwilioContractServer;
  /** Every e-mail the SMTP server received, oldest first. */
  mails: { to: string; text: string }[];
  /** NODE_ENV=production, no demo setting, every provider real. */
  env(port: number, overrides?: Record<string, string>): Record<string, string>;
  /** Tells the contract servers where the product's hooks and callbacks are. */
  connect(origin: string): void;
  close(): Promise<void>;
};

export const startProductionLikeProviders = async (): Promise<ProductionLikeProviders> => {
  const mails: { to: string; text: string }[] = [];
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then((mail) => {
          const to = Array.isArray(mail.to) ? mail.to[0] : mail.to;
          mails.push({ to: to?.value[0]?.address ?? '', text: mail.text ?? '' });
          callback();
        })
        .catch(callback);
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const smtpUrl = `smtp://127.0.0.1:${(smtp.server.address() as AddressInfo).port}`;
  const bucket = 'brickwise-production-test';
  const s3 = await startS3rver(bucket);
  const [mangopay, onfido, idnow, skribble, twilio] = await Promise.all([
    startMangopayContractServer(),
    startOnfidoContractServer(),
    startIdnowContractServer(),
    startSkribbleContractServer(),
    startTwilioContractServer(),
  ]);
  const vapid = webpush.generateVAPIDKeys();
  return {
    mangopay,
    onfido,
    idnow,
    skribble,
    twilio,
    mails,
    env: (port, overrides = {}) => ({
      NODE_ENV: 'production',
      PORT: String(port),
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      PSP_WEBHOOK_SECRET: 'production-test-psp-webhook-secret',
      IDV_WEBHOOK_SECRET: 'production-test-idv-webhook-secret',
      STAFF_SECRET_KEY: 'production-test-staff-secret-key-0123456789',
      REGISTER_SIGNING_KEY: 'cmVnaXN0ZXItdGVzdC1rZXktbm90LWZvci1wcm9kdWM',
      DATA_DIR: `/tmp/bw-production-start-${process.pid}`,
      PROVIDER_TIMEOUT_MS: '2000',
      EMAIL_PROVIDER: 'smtp',
      SMTP_URL: smtpUrl,
      MAIL_FROM: 'Brickwise <no-reply@brickwise.example>',
      SMS_PROVIDER: 'twilio',
      TWILIO_ACCOUNT_SID: twilio.accountSid,
      TWILIO_AUTH_TOKEN: twilio.authToken,
      TWILIO_FROM: 'Brickwise',
      TWILIO_API_BASE_URL: twilio.url,
      PAYMENT_PROVIDER: 'mangopay',
      MANGOPAY_CLIENT_ID: mangopay.clientId,
      MANGOPAY_API_KEY: mangopay.apiKey,
      MANGOPAY_BASE_URL: mangopay.url,
      MANGOPAY_PLATFORM_USER_ID: mangopay.platformUserId,
      MANGOPAY_FEE_WALLET_ID: mangopay.feeWalletId,
      MANGOPAY_HOUSE_WALLET_ID: mangopay.houseWalletId,
      IDENTITY_PROVIDER: 'onfido',
      ONFIDO_API_TOKEN: onfido.apiToken,
      ONFIDO_WEBHOOK_TOKEN: onfido.webhookToken,
      ONFIDO_WORKFLOW_ID: onfido.workflowId,
      ONFIDO_API_BASE_URL: onfido.url,
      VIDEO_IDENT_PROVIDER: 'idnow',
      IDNOW_COMPANY_ID: idnow.companyId,
      IDNOW_API_KEY: idnow.apiKey,
      IDNOW_GATEWAY_URL: idnow.url,
      IDNOW_WEBHOOK_SECRET: idnow.webhookSecret,
      IDNOW_WEBHOOK_JWKS_URL: idnow.jwksUrl,
      SIGNATURE_PROVIDER: 'skribble',
      SKRIBBLE_USERNAME: skribble.username,
      SKRIBBLE_API_KEY: skribble.apiKey,
      SKRIBBLE_BASE_URL: skribble.url,
      PUSH_PROVIDER: 'webpush',
      VAPID_PUBLIC_KEY: vapid.publicKey,
      VAPID_PRIVATE_KEY: vapid.privateKey,
      // Discovered on first use only: configured, not exercised here (its own test: oidc-login).
      EXTERNAL_LOGIN_PROVIDER: 'oidc',
      OIDC_ISSUER: 'https://login.brickwise.example',
      OIDC_CLIENT_ID: 'brickwise',
      STORAGE_PROVIDER: 's3',
      S3_BUCKET: bucket,
      S3_ENDPOINT: s3.endpoint,
      S3_FORCE_PATH_STYLE: 'true',
      S3_ACCESS_KEY_ID: S3RVER_CREDENTIALS.accessKeyId,
      S3_SECRET_ACCESS_KEY: S3RVER_CREDENTIALS.secretAccessKey,
      ...overrides,
    }),
    connect: (origin) => {
      mangopay.control.setHookUrl(`${origin}/api/v1/payment/mangopay/hook`);
      onfido.control.setWebhookUrl(`${origin}/api/v1/identification/notifications/onfido`);
      idnow.control.setCallbackUrl(`${origin}/api/v1/identification/notifications/idnow`);
    },
    close: async () => {
      await Promise.all([mangopay, onfido, idnow, skribble, twilio].map((server) => server.close()));
      await s3.close();
      await new Promise<void>((resolve) => smtp.close(() => resolve()));
    },
  };
};
