import { z } from 'zod';

/**
 * The settings that choose each external service's adapter (issue 19, ADR 0021). Every kind
 * defaults to its sandbox; a kind lists only the adapters that exist. Spread into the server's
 * configuration schema (config.ts); `select.ts` turns them into the adapters.
 */
export const providerSettings = {
  /** `mangopay`: wallets, virtual IBANs, payouts and transfers at Mangopay (issue 38, ADR 0038). */
  PAYMENT_PROVIDER: z.enum(['sandbox', 'mangopay']).default('sandbox'),
  MANGOPAY_CLIENT_ID: z.string().min(1).max(200).optional(),
  MANGOPAY_API_KEY: z.string().min(1).max(500).optional(),
  /** Staging: Mangopay's sandbox (the default); production: `https://api.mangopay.com`. */
  MANGOPAY_BASE_URL: z.url({ protocol: /^https?$/ }).default('https://api.sandbox.mangopay.com'),
  /** The platform's legal user at Mangopay, owner of the fee and house wallets (created once by the operator). */
  MANGOPAY_PLATFORM_USER_ID: z.string().min(1).max(100).optional(),
  MANGOPAY_FEE_WALLET_ID: z.string().min(1).max(100).optional(),
  MANGOPAY_HOUSE_WALLET_ID: z.string().min(1).max(100).optional(),
  /** The country of the investors' virtual-account IBANs. */
  MANGOPAY_VIRTUAL_ACCOUNT_COUNTRY: z
    .string()
    .regex(/^[A-Z]{2}$/)
    .default('FR'),
  /** Each call to a real provider gives up after this long (and counts against the provider's circuit). */
  PROVIDER_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(10_000),
  /** The document identification (document and selfie, bank-account check; ADR 0009). */
  IDENTITY_PROVIDER: z.enum(['sandbox']).default('sandbox'),
  /** The second identification provider: video identification (spec: `idNowId`). */
  VIDEO_IDENT_PROVIDER: z.enum(['sandbox']).default('sandbox'),
  /** The qualified e-signature of the partner's agreements (`docident/signingRequest`). */
  SIGNATURE_PROVIDER: z.enum(['sandbox']).default('sandbox'),
  /**
   * Push messages: `sandbox` records each push in the development mailbox (channel `push`);
   * `webpush` sends them to the browsers' push services with the VAPID keys (ADR 0031).
   */
  PUSH_PROVIDER: z.enum(['sandbox', 'webpush']).default('sandbox'),
  /** The external login (ichApp) — an OpenID Connect provider in production (ADR 0036). */
  EXTERNAL_LOGIN_PROVIDER: z.enum(['sandbox', 'oidc']).default('sandbox'),
  /** EXTERNAL_LOGIN_PROVIDER=oidc: the issuer; its `/.well-known/openid-configuration` is read at start. */
  OIDC_ISSUER: z.url({ protocol: /^https?$/ }).optional(),
  OIDC_CLIENT_ID: z.string().min(1).max(200).optional(),
  /** Unset: a public client (PKCE only, `token_endpoint_auth_method=none`). */
  OIDC_CLIENT_SECRET: z.string().min(1).max(500).optional(),
  /** Space-separated scopes; `openid` must be among them. */
  OIDC_SCOPES: z
    .string()
    .regex(/(^| )openid( |$)/, 'must contain openid')
    .default('openid email profile'),
  /** `twilio`: SMS through Twilio's Messages API with a signed status callback (issue 38). */
  SMS_PROVIDER: z.enum(['sandbox', 'twilio']).default('sandbox'),
  TWILIO_ACCOUNT_SID: z
    .string()
    .regex(/^AC[0-9a-f]{32}$/, 'must look like AC followed by 32 hex digits')
    .optional(),
  TWILIO_AUTH_TOKEN: z.string().min(16).max(200).optional(),
  /** The SMS sender: an alphanumeric sender id (up to 11 characters) or a number in E.164. */
  TWILIO_FROM: z
    .string()
    .regex(/^(\+[1-9]\d{6,14}|[A-Za-z0-9 ]{1,11})$/, 'must be a number in E.164 or a sender id of up to 11 characters')
    .optional(),
  /** Only for the contract tests: another origin than https://api.twilio.com. */
  TWILIO_API_BASE_URL: z.url({ protocol: /^https?$/ }).optional(),
  EMAIL_PROVIDER: z.enum(['sandbox', 'smtp']).default('sandbox'),
  /** EMAIL_PROVIDER=smtp: `smtp://user:password@host:587` or `smtps://…:465` (nodemailer's URL form). */
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
    .optional(),
  /** Where identification files live: the local disk under DATA_DIR (embedded default) or an S3 bucket. */
  STORAGE_PROVIDER: z.enum(['local', 's3']).default('local'),
  S3_BUCKET: z.string().min(3).max(63).optional(),
  /** Objects are named `<prefix><user id>/<uuid>`. */
  S3_PREFIX: z.string().max(200).default('identification-documents/'),
  S3_REGION: z.string().min(1).max(50).default('us-east-1'),
  /** A non-AWS service, e.g. `http://minio:9000`; unset for AWS. */
  S3_ENDPOINT: z.url({ protocol: /^https?$/ }).optional(),
  S3_FORCE_PATH_STYLE: z
    .enum(['true', 'false', '1', '0'])
    .transform((value) => value === 'true' || value === '1')
    .default(false),
  /** Both or neither; neither: the SDK's credential chain (AWS_* variables, instance or task role). */
  S3_ACCESS_KEY_ID: z.string().min(1).max(200).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).max(200).optional(),
  /** The sender of every e-mail, e.g. `Brickwise <no-reply@brickwise.at>`. */
  MAIL_FROM: z.string().min(3).max(200).default('Brickwise <no-reply@brickwise.local>'),
};

type ProviderSettings = z.infer<z.ZodObject<typeof providerSettings>> & {
  VAPID_PUBLIC_KEY?: string | undefined;
  VAPID_PRIVATE_KEY?: string | undefined;
};

const MANGOPAY_REQUIRED = [
  'MANGOPAY_CLIENT_ID',
  'MANGOPAY_API_KEY',
  'MANGOPAY_PLATFORM_USER_ID',
  'MANGOPAY_FEE_WALLET_ID',
  'MANGOPAY_HOUSE_WALLET_ID',
] as const;

/** What a chosen adapter needs besides its name; each problem as `[setting, message]` for config.ts. */
export const providerSettingProblems = (config: ProviderSettings & { NODE_ENV: string }): [string, string][] => {
  const problems: [string, string][] = [];
  const require = (when: boolean, setting: keyof ProviderSettings, because: string) => {
    if (when && !config[setting]) problems.push([setting, `is required when ${because}`]);
  };
  require(config.EMAIL_PROVIDER === 'smtp', 'SMTP_URL', 'EMAIL_PROVIDER=smtp');
  for (const setting of ['TWILIO_ACCOUNT_SID', 'TWILIO_AUTH_TOKEN', 'TWILIO_FROM'] as const)
    require(config.SMS_PROVIDER === 'twilio', setting, 'SMS_PROVIDER=twilio');
  for (const setting of MANGOPAY_REQUIRED)
    require(config.PAYMENT_PROVIDER === 'mangopay', setting, 'PAYMENT_PROVIDER=mangopay');
  require(config.STORAGE_PROVIDER === 's3', 'S3_BUCKET', 'STORAGE_PROVIDER=s3');
  require(config.EXTERNAL_LOGIN_PROVIDER === 'oidc', 'OIDC_ISSUER', 'EXTERNAL_LOGIN_PROVIDER=oidc');
  require(config.EXTERNAL_LOGIN_PROVIDER === 'oidc', 'OIDC_CLIENT_ID', 'EXTERNAL_LOGIN_PROVIDER=oidc');
  require(config.PUSH_PROVIDER === 'webpush', 'VAPID_PUBLIC_KEY', 'PUSH_PROVIDER=webpush');
  require(config.PUSH_PROVIDER === 'webpush', 'VAPID_PRIVATE_KEY', 'PUSH_PROVIDER=webpush');
  if (config.NODE_ENV === 'production' && config.OIDC_ISSUER?.startsWith('http:')) {
    problems.push(['OIDC_ISSUER', 'must be an https:// URL when NODE_ENV=production']);
  }
  if (Boolean(config.S3_ACCESS_KEY_ID) !== Boolean(config.S3_SECRET_ACCESS_KEY)) {
    problems.push(['S3_SECRET_ACCESS_KEY', 'S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together']);
  }
  return problems;
};

export type ProviderKind = keyof typeof PROVIDER_SETTING;

/** Which setting chooses which provider. */
export const PROVIDER_SETTING = {
  payments: 'PAYMENT_PROVIDER',
  identityVerification: 'IDENTITY_PROVIDER',
  videoIdent: 'VIDEO_IDENT_PROVIDER',
  signatures: 'SIGNATURE_PROVIDER',
  push: 'PUSH_PROVIDER',
  externalLogin: 'EXTERNAL_LOGIN_PROVIDER',
  sms: 'SMS_PROVIDER',
  email: 'EMAIL_PROVIDER',
  documents: 'STORAGE_PROVIDER',
} as const;
