import type { Db } from '@bw/db';
import type { FastifyBaseLogger } from 'fastify';
import { type AppConfig, publicUrl } from '../config.js';
import type { ExternalLoginProvider } from './external-login/external-login-provider.js';
import { createOidcLogin } from './external-login/oidc-login.js';
import { createSandboxIdp, type SandboxIdpControls } from './external-login/sandbox-idp.js';
import type {
  IdentityVerificationProvider,
  IdentityVerificationSandbox,
} from './identity-verification/identity-verification-provider.js';
import { createIdnowVideoIdent } from './identity-verification/idnow-video-ident.js';
import { createOnfidoDocumentIdent } from './identity-verification/onfido-document-ident.js';
import { createSandboxIdentityVerification } from './identity-verification/sandbox-identity-verification.js';
import type { EmailProvider, SmsProvider } from './messaging/messaging-provider.js';
import {
  createSandboxEmail,
  createSandboxSms,
  type DevMessageFilter,
  listDevMessages,
} from './messaging/sandbox-messaging.js';
import { createSmtpEmail } from './messaging/smtp-email.js';
import { createTwilioSms } from './messaging/twilio-sms.js';
import { createMangopayPayments } from './payments/mangopay-payments.js';
import type { PaymentProvider, PaymentSandbox } from './payments/payment-provider.js';
import { createSandboxPayments } from './payments/sandbox-payments.js';
import type { PushProvider } from './push/push-provider.js';
import { createSandboxPush } from './push/sandbox-push.js';
import { createWebPushProvider } from './push/web-push-provider.js';
import { selectProviders } from './select.js';
import { createSandboxShortLinks } from './short-links/sandbox-short-links.js';
import type { ShortLinkProvider } from './short-links/short-link-provider.js';
import { createSkribbleSignatures } from './signatures/skribble-signatures.js';
import { createDocumentStore } from './storage/create-document-store.js';
import type { DocumentStorage } from './storage/document-storage.js';

/**
 * Every external service behind its interface (architecture: providers). Product code reaches a
 * provider only through `app.providers`; which adapter stands behind it is decided here alone.
 */
export type Providers = {
  email: EmailProvider;
  sms: SmsProvider;
  /** The payment service provider: wallets and payouts (ADR 0005). */
  payments: PaymentProvider;
  /** Both identification providers (ADR 0009). */
  identityVerification: IdentityVerificationProvider;
  /** The external login (ichApp). */
  externalLogin: ExternalLoginProvider;
  /** Asset share links. */
  shortLinks: ShortLinkProvider;
  /** Web Push and the native shell's FCM (issue 23, ADR 0031). */
  push: PushProvider;
  /** Identification files: the local disk or an S3 bucket (ADR 0036). */
  documents: DocumentStorage;
};

/**
 * What only the sandboxes can do: simulate the outside world (an incoming transfer, a tester's
 * choice on the identity provider's page) and deliver their queued webhooks now. The development
 * module (modules/dev) and tests use these; product code never does.
 */
export type SandboxControls = {
  payments: Pick<PaymentSandbox, 'simulateIncomingTransfer' | 'simulateIncomeTransfer' | 'deliverWebhooks'>;
  identityVerification: Pick<IdentityVerificationSandbox, 'deliverWebhooks'>;
  externalLogin: SandboxIdpControls;
  /** The development mailbox: what the sandbox e-mail and SMS providers "sent", newest first. */
  messaging: { listMessages(filter: DevMessageFilter): ReturnType<typeof listDevMessages> };
};

/** Which adapter stands behind each provider: `sandbox`, or the real service's name (start log, ADR 0022). */
export type ProviderAdapters = Record<keyof Providers | 'videoIdent' | 'signatures', string>;

export type ProviderWiring = {
  providers: Providers;
  adapters: ProviderAdapters;
  sandbox: SandboxControls;
  /** Starts the sandboxes' webhook delivery (where the worker runs). */
  start(): void;
  stop(): void;
};

export type ProviderContext = {
  config: AppConfig;
  db: Db;
  log: FastifyBaseLogger;
  /** This server's own origin (`http://127.0.0.1:<port>`), known only once it listens; null before. */
  ownOrigin: () => string | null;
};

/**
 * The one place that creates the providers. Each is chosen by its setting (providers/settings.ts,
 * `selectProviders` in select.ts): a sandbox that behaves like the real service by default
 * (docs/runbooks/sandbox-providers.md), a real adapter where one exists (e-mail over SMTP, the
 * external login over OpenID Connect, documents in S3; ADR 0036).
 */
export const createProviders = ({ config, db, log, ownOrigin }: ProviderContext): ProviderWiring => {
  const ownWebhook = (configured: string | undefined, route: string) => () => {
    if (configured) return configured;
    const origin = ownOrigin();
    return origin ? `${origin}${route}` : null;
  };
  const resilience = { timeoutMs: config.PROVIDER_TIMEOUT_MS };
  const mangopay =
    config.PAYMENT_PROVIDER === 'mangopay'
      ? createMangopayPayments(
          {
            clientId: config.MANGOPAY_CLIENT_ID ?? '',
            apiKey: config.MANGOPAY_API_KEY ?? '',
            baseUrl: config.MANGOPAY_BASE_URL,
            platformUserId: config.MANGOPAY_PLATFORM_USER_ID ?? '',
            feeWalletId: config.MANGOPAY_FEE_WALLET_ID ?? '',
            houseWalletId: config.MANGOPAY_HOUSE_WALLET_ID ?? '',
            virtualAccountCountry: config.MANGOPAY_VIRTUAL_ACCOUNT_COUNTRY,
          },
          { db, log, resilience },
        )
      : null;
  const twilioSms =
    config.SMS_PROVIDER === 'twilio'
      ? createTwilioSms(
          {
            accountSid: config.TWILIO_ACCOUNT_SID ?? '',
            authToken: config.TWILIO_AUTH_TOKEN ?? '',
            from: config.TWILIO_FROM ?? '',
            statusCallbackUrl: `${publicUrl(config)}/api/v1/notifications/twilio/status`,
            apiBaseUrl: config.TWILIO_API_BASE_URL,
          },
          { db, resilience },
        )
      : null;
  const onfido =
    config.IDENTITY_PROVIDER === 'onfido'
      ? createOnfidoDocumentIdent(
          {
            apiToken: config.ONFIDO_API_TOKEN ?? '',
            webhookToken: config.ONFIDO_WEBHOOK_TOKEN ?? '',
            workflowId: config.ONFIDO_WORKFLOW_ID ?? '',
            region: config.ONFIDO_REGION,
            apiBaseUrl: config.ONFIDO_API_BASE_URL,
          },
          { db, resilience },
        )
      : null;
  const idnow =
    config.VIDEO_IDENT_PROVIDER === 'idnow'
      ? createIdnowVideoIdent(
          {
            companyId: config.IDNOW_COMPANY_ID ?? '',
            apiKey: config.IDNOW_API_KEY ?? '',
            gatewayUrl: config.IDNOW_GATEWAY_URL,
            goUrl: config.IDNOW_GO_URL,
            webhookSecret: config.IDNOW_WEBHOOK_SECRET ?? '',
            webhookJwksUrl: config.IDNOW_WEBHOOK_JWKS_URL,
          },
          { db, resilience },
        )
      : null;
  const documents = createDocumentStore(config, log);
  const skribble =
    config.SIGNATURE_PROVIDER === 'skribble'
      ? createSkribbleSignatures(
          {
            username: config.SKRIBBLE_USERNAME ?? '',
            apiKey: config.SKRIBBLE_API_KEY ?? '',
            baseUrl: config.SKRIBBLE_BASE_URL,
            legislation: config.SKRIBBLE_LEGISLATION,
            callbackUrl: `${publicUrl(config)}/api/v1/identification/notifications/skribble`,
          },
          { db, storage: documents.store, resilience },
        )
      : null;
  const payments = createSandboxPayments({
    db,
    secret: config.PSP_WEBHOOK_SECRET,
    webhookUrl: ownWebhook(config.PSP_WEBHOOK_URL, '/api/v1/payment/webhook'),
    settleDelayMs: config.PSP_SANDBOX_SETTLE_DELAY_MS,
    payoutDelayMs: config.PSP_SANDBOX_PAYOUT_DELAY_MS,
    log,
  });
  const identityVerification = createSandboxIdentityVerification({
    secret: config.IDV_WEBHOOK_SECRET,
    webhookUrl: ownWebhook(config.IDV_WEBHOOK_URL, '/api/v1/identification/webhook'),
    decisionDelayMs: config.IDV_SANDBOX_DELAY_MS,
    bavUrl: (sessionId) => `${publicUrl(config)}/sandbox/idv/bav/${sessionId}`,
    log,
  });
  const idp = createSandboxIdp(db, publicUrl(config));
  // The settings of providers/settings.ts choose the adapters (ADR 0021); sandbox by default.
  const smtp =
    config.EMAIL_PROVIDER === 'smtp' && config.SMTP_URL
      ? createSmtpEmail({
          url: config.SMTP_URL,
          from: config.MAIL_FROM,
          messageIdDomain: new URL(publicUrl(config)).hostname,
        })
      : null;
  const selected = selectProviders(config);
  const oidc =
    config.EXTERNAL_LOGIN_PROVIDER === 'oidc' && config.OIDC_ISSUER && config.OIDC_CLIENT_ID
      ? createOidcLogin(
          {
            issuer: config.OIDC_ISSUER,
            clientId: config.OIDC_CLIENT_ID,
            clientSecret: config.OIDC_CLIENT_SECRET,
            scopes: config.OIDC_SCOPES,
          },
          log,
        )
      : null;
  return {
    // What the start check (DEMO_MODE, ADR 0022) and the start log see: the configured adapter of each kind.
    adapters: {
      email: smtp ? 'smtp' : 'sandbox',
      sms: selected.sms,
      payments: selected.payments,
      identityVerification: selected.identityVerification,
      videoIdent: selected.videoIdent,
      signatures: selected.signatures,
      externalLogin: oidc ? 'oidc' : 'sandbox',
      // Short links are this server's own (stored in `short_links`, redirected here): no outside service.
      shortLinks: 'self-hosted',
      documents: documents.adapter,
      push: selected.push,
    },
    providers: {
      email: smtp ?? createSandboxEmail(db),
      sms: twilioSms ?? createSandboxSms(db),
      payments: mangopay ?? payments,
      identityVerification: {
        documentIdent: onfido ?? identityVerification.documentIdent,
        videoIdent: idnow ?? identityVerification.videoIdent,
        signatures: skribble ?? identityVerification.signatures,
        notificationSources: Object.fromEntries(
          [onfido?.notifications, idnow?.notifications, skribble?.notifications]
            .filter((source) => source !== undefined)
            .map((source) => [source.provider, source]),
        ),
      },
      externalLogin: oidc ?? idp,
      documents: documents.store,
      shortLinks: createSandboxShortLinks(db, publicUrl(config)),
      push:
        config.PUSH_PROVIDER === 'webpush' && config.VAPID_PUBLIC_KEY && config.VAPID_PRIVATE_KEY
          ? createWebPushProvider({
              vapid: {
                publicKey: config.VAPID_PUBLIC_KEY,
                privateKey: config.VAPID_PRIVATE_KEY,
                subject: config.VAPID_SUBJECT,
              },
              // No FCM credentials exist in this environment; the native shell's tokens fail permanently.
              fcm: null,
            })
          : createSandboxPush(db, config.VAPID_PUBLIC_KEY ?? null),
    },
    sandbox: {
      payments,
      identityVerification,
      externalLogin: idp.controls,
      messaging: { listMessages: (filter) => listDevMessages(db, filter) },
    },
    start: () => {
      payments.start();
      identityVerification.start();
    },
    stop: () => {
      smtp?.close();
      documents.close();
      payments.stop();
      identityVerification.stop();
    },
  };
};
