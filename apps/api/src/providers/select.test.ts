import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../config.js';
import { sandboxProviders, selectProviders } from './select.js';

describe('providers chosen by configuration', () => {
  it('runs every provider on its sandbox by default', () => {
    const config = loadConfig({});
    expect(selectProviders(config)).toEqual({
      payments: 'sandbox',
      identityVerification: 'sandbox',
      externalLogin: 'sandbox',
      sms: 'sandbox',
      email: 'sandbox',
    });
    expect(sandboxProviders(config).map((p) => p.setting)).toContain('EMAIL_PROVIDER');
  });

  it('takes e-mail over SMTP when configured, and then needs the SMTP URL', () => {
    const config = loadConfig({ EMAIL_PROVIDER: 'smtp', SMTP_URL: 'smtp://mail.example.at:587' });
    expect(selectProviders(config).email).toBe('smtp');
    expect(sandboxProviders(config).map((p) => p.kind)).not.toContain('email');
    expect(() => loadConfig({ EMAIL_PROVIDER: 'smtp' })).toThrow(ConfigError);
    expect(() => loadConfig({ EMAIL_PROVIDER: 'smtp', SMTP_URL: 'http://x' })).toThrow(/SMTP_URL/);
  });

  it('refuses an adapter that does not exist', () => {
    expect(() => loadConfig({ PAYMENT_PROVIDER: 'stripe' })).toThrow(/PAYMENT_PROVIDER/);
  });
});
