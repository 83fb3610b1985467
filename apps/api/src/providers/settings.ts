import { z } from 'zod';

/**
 * The settings that choose each external service's adapter (issue 19, ADR 0021). Every kind
 * defaults to its sandbox; a kind lists only the adapters that exist. Spread into the server's
 * configuration schema (config.ts); `select.ts` turns them into the adapters.
 */
export const providerSettings = {
  PAYMENT_PROVIDER: z.enum(['sandbox']).default('sandbox'),
  IDENTITY_PROVIDER: z.enum(['sandbox']).default('sandbox'),
  /** The external login (ichApp) — an OpenID Connect provider in production. */
  EXTERNAL_LOGIN_PROVIDER: z.enum(['sandbox']).default('sandbox'),
  SMS_PROVIDER: z.enum(['sandbox']).default('sandbox'),
  EMAIL_PROVIDER: z.enum(['sandbox', 'smtp']).default('sandbox'),
  /** EMAIL_PROVIDER=smtp: `smtp://user:password@host:587` or `smtps://…:465` (nodemailer's URL form). */
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
    .optional(),
  /** The sender of every e-mail, e.g. `Brickwise <no-reply@brickwise.at>`. */
  MAIL_FROM: z.string().min(3).max(200).default('Brickwise <no-reply@brickwise.local>'),
};

export type ProviderKind = keyof typeof PROVIDER_SETTING;

/** Which setting chooses which provider. */
export const PROVIDER_SETTING = {
  payments: 'PAYMENT_PROVIDER',
  identityVerification: 'IDENTITY_PROVIDER',
  externalLogin: 'EXTERNAL_LOGIN_PROVIDER',
  sms: 'SMS_PROVIDER',
  email: 'EMAIL_PROVIDER',
} as const;
