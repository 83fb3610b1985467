import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../config.js';
import { sandboxProviders, selectProviders } from './select.js';

describe('providers chosen by configuration', () => {
  it('runs every provider on its sandbox by default, documents on the local disk', () => {
    const config = loadConfig({});
    expect(selectProviders(config)).toEqual({
      payments: 'sandbox',
      identityVerification: 'sandbox',
      videoIdent: 'sandbox',
      signatures: 'sandbox',
      push: 'sandbox',
      externalLogin: 'sandbox',
      sms: 'sandbox',
      email: 'sandbox',
      documents: 'local',
    });
    expect(sandboxProviders(config).map((p) => p.setting)).toContain('EMAIL_PROVIDER');
    // The local store is the embedded product's real store, not a sandbox the production start refuses.
    expect(sandboxProviders(config).map((p) => p.kind)).not.toContain('documents');
  });

  it('takes e-mail over SMTP when configured, and then needs the SMTP URL', () => {
    const config = loadConfig({ EMAIL_PROVIDER: 'smtp', SMTP_URL: 'smtp://mail.example.at:587' });
    expect(selectProviders(config).email).toBe('smtp');
    expect(sandboxProviders(config).map((p) => p.kind)).not.toContain('email');
    expect(() => loadConfig({ EMAIL_PROVIDER: 'smtp' })).toThrow(ConfigError);
    expect(() => loadConfig({ EMAIL_PROVIDER: 'smtp', SMTP_URL: 'http://x' })).toThrow(/SMTP_URL/);
  });

  it('takes S3 and OpenID Connect when configured, each with what it needs', () => {
    const config = loadConfig({
      STORAGE_PROVIDER: 's3',
      S3_BUCKET: 'bw-documents',
      S3_ENDPOINT: 'http://minio:9000',
      S3_FORCE_PATH_STYLE: 'true',
      EXTERNAL_LOGIN_PROVIDER: 'oidc',
      OIDC_ISSUER: 'https://id.ichapp.example',
      OIDC_CLIENT_ID: 'brickwise',
    });
    expect(selectProviders(config)).toMatchObject({ documents: 's3', externalLogin: 'oidc' });
    expect(config).toMatchObject({
      S3_FORCE_PATH_STYLE: true,
      S3_REGION: 'us-east-1',
      OIDC_SCOPES: 'openid email profile',
    });
    expect(() => loadConfig({ STORAGE_PROVIDER: 's3' })).toThrow(/S3_BUCKET/);
    expect(() => loadConfig({ EXTERNAL_LOGIN_PROVIDER: 'oidc', OIDC_ISSUER: 'https://id.example' })).toThrow(
      /OIDC_CLIENT_ID/,
    );
    expect(() => loadConfig({ STORAGE_PROVIDER: 's3', S3_BUCKET: 'b-1', S3_ACCESS_KEY_ID: 'k' })).toThrow(
      /S3_SECRET_ACCESS_KEY/,
    );
    expect(() => loadConfig({ OIDC_SCOPES: 'email profile' })).toThrow(/OIDC_SCOPES/);
    expect(() =>
      loadConfig({
        NODE_ENV: 'production',
        EXTERNAL_LOGIN_PROVIDER: 'oidc',
        OIDC_ISSUER: 'http://id.example',
        OIDC_CLIENT_ID: 'x',
      }),
    ).toThrow(/OIDC_ISSUER: must be an https/);
  });

  it('takes Web Push when configured, and then needs both VAPID keys', () => {
    const keys = { VAPID_PUBLIC_KEY: 'B'.repeat(87), VAPID_PRIVATE_KEY: 'p'.repeat(43) };
    const config = loadConfig({ PUSH_PROVIDER: 'webpush', ...keys });
    expect(selectProviders(config).push).toBe('webpush');
    expect(sandboxProviders(config).map((p) => p.kind)).not.toContain('push');
    // Keys alone choose nothing: the sandbox stays until the setting says otherwise.
    expect(selectProviders(loadConfig(keys)).push).toBe('sandbox');
    expect(() => loadConfig({ PUSH_PROVIDER: 'webpush', VAPID_PUBLIC_KEY: keys.VAPID_PUBLIC_KEY })).toThrow(
      /VAPID_PRIVATE_KEY/,
    );
  });

  it('names a setting for each identification provider and the e-signature', () => {
    const sandboxes = sandboxProviders(loadConfig({})).map((p) => p.setting);
    expect(sandboxes).toEqual(
      expect.arrayContaining(['IDENTITY_PROVIDER', 'VIDEO_IDENT_PROVIDER', 'SIGNATURE_PROVIDER', 'PUSH_PROVIDER']),
    );
    expect(() => loadConfig({ SIGNATURE_PROVIDER: 'docusign' })).toThrow(/SIGNATURE_PROVIDER/);
  });

  it('refuses an adapter that does not exist', () => {
    expect(() => loadConfig({ PAYMENT_PROVIDER: 'stripe' })).toThrow(/PAYMENT_PROVIDER/);
  });
});
