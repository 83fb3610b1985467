import type { Db } from '@bw/db';
import type { IdentityVerificationProvider } from './identity-verification/identity-verification-provider.js';
import type { EmailProvider, SmsProvider } from './messaging/messaging-provider.js';
import { createSandboxEmail, createSandboxSms } from './messaging/sandbox-messaging.js';
import type { ShortLinkProvider } from './short-links/short-link-provider.js';

/** Every external service behind its interface; the embedded default wires the sandboxes. */
export type Providers = {
  email: EmailProvider;
  sms: SmsProvider;
  /** Asset share links; the assets module falls back to the sandbox (it needs the public URL). */
  shortLinks?: ShortLinkProvider;
  /** Both identification providers; the identification module falls back to the sandbox (it needs the server's address). */
  identityVerification?: IdentityVerificationProvider;
};

export const createSandboxProviders = (db: Db): Providers => ({
  email: createSandboxEmail(db),
  sms: createSandboxSms(db),
});
