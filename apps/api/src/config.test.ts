import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, publicUrl, rememberListeningAddress } from './config.js';
import { seedOf } from './seed/demo-mode.js';

const messageOf = (env: Record<string, string>): string => {
  try {
    loadConfig(env);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as Error).message;
  }
  throw new Error('expected a configuration error');
};

describe('configuration', () => {
  it('serves a first run on a laptop with defaults', () => {
    const config = loadConfig({});
    expect(config.PORT).toBe(3000);
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.DATA_DIR).toMatch(/data$/);
    expect(seedOf(config)).toBe('demo');
  });

  it.each([
    [{ PORT: 'eighty' }, 'PORT'],
    [{ PORT: '70000' }, 'PORT'],
    [{ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL'],
    [{ WEB_ORIGINS: 'not a url' }, 'WEB_ORIGINS'],
    [{ LOG_LEVEL: 'loud' }, 'LOG_LEVEL'],
    [{ WORKER: 'maybe' }, 'WORKER'],
    [{ NODE_ENV: 'production' }, 'PUBLIC_URL'],
  ])('stops with a message naming the variable: %o', (env, name) => {
    expect(messageOf(env)).toContain(name);
  });

  it('treats an empty variable as unset', () => {
    expect(loadConfig({ PORT: '' }).PORT).toBe(3000);
  });
});

describe('TRUST_PROXY (behind a load balancer)', () => {
  it('reads true, a hop count or addresses, and refuses anything else', () => {
    expect(loadConfig({}).TRUST_PROXY).toBeUndefined();
    expect(loadConfig({ TRUST_PROXY: 'true' }).TRUST_PROXY).toBe(true);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 127.0.0.1' }).TRUST_PROXY).toEqual(['10.0.0.0/8', '127.0.0.1']);
    const hops = loadConfig({ TRUST_PROXY: '1' }).TRUST_PROXY as (address: string, hop: number) => boolean;
    expect([hops('10.0.0.2', 0), hops('10.0.0.3', 1)]).toEqual([true, false]);
    expect(() => loadConfig({ TRUST_PROXY: 'everyone' })).toThrow(/TRUST_PROXY/);
  });
});

describe('real provider settings (issue 38)', () => {
  it('names every Mangopay setting that is missing', () => {
    const message = messageOf({ PAYMENT_PROVIDER: 'mangopay', MANGOPAY_CLIENT_ID: 'brickwise' });
    for (const setting of [
      'MANGOPAY_API_KEY',
      'MANGOPAY_PLATFORM_USER_ID',
      'MANGOPAY_FEE_WALLET_ID',
      'MANGOPAY_HOUSE_WALLET_ID',
    ]) {
      expect(message).toContain(`${setting}: is required when PAYMENT_PROVIDER=mangopay`);
    }
    expect(message).not.toContain('MANGOPAY_CLIENT_ID');
  });

  it('names the missing Twilio settings and refuses a malformed account SID', () => {
    expect(messageOf({ SMS_PROVIDER: 'twilio' })).toContain('TWILIO_AUTH_TOKEN: is required when SMS_PROVIDER=twilio');
    expect(messageOf({ SMS_PROVIDER: 'twilio' })).toContain('TWILIO_FROM: is required when SMS_PROVIDER=twilio');
    expect(messageOf({ SMS_PROVIDER: 'twilio', TWILIO_ACCOUNT_SID: 'AC123' })).toContain('TWILIO_ACCOUNT_SID');
  });

  it('takes a complete Mangopay and Twilio configuration', () => {
    const config = loadConfig({
      PAYMENT_PROVIDER: 'mangopay',
      MANGOPAY_CLIENT_ID: 'brickwise',
      MANGOPAY_API_KEY: 'secret',
      MANGOPAY_PLATFORM_USER_ID: '1',
      MANGOPAY_FEE_WALLET_ID: '2',
      MANGOPAY_HOUSE_WALLET_ID: '3',
      SMS_PROVIDER: 'twilio',
      TWILIO_ACCOUNT_SID: `AC${'0'.repeat(32)}`,
      TWILIO_AUTH_TOKEN: 'a-token-of-some-length',
      TWILIO_FROM: 'Brickwise',
    });
    expect(config.MANGOPAY_BASE_URL).toBe('https://api.sandbox.mangopay.com');
    expect(config.PROVIDER_TIMEOUT_MS).toBe(10_000);
  });
});

describe('the public address of links (issue 35)', () => {
  it('is PUBLIC_URL, else the address the server listens on, else localhost and the configured port', () => {
    const plain = loadConfig({ PORT: '0' });
    expect(publicUrl(plain)).toBe('http://localhost:0');
    rememberListeningAddress(plain, { address: '127.0.0.1', port: 41234, family: 'IPv4' });
    expect(publicUrl(plain)).toBe('http://127.0.0.1:41234');
    const everywhere = loadConfig({});
    rememberListeningAddress(everywhere, { address: '::', port: 8080, family: 'IPv6' });
    expect(publicUrl(everywhere)).toBe('http://localhost:8080');
    const v6 = loadConfig({});
    rememberListeningAddress(v6, { address: '::1', port: 8081, family: 'IPv6' });
    expect(publicUrl(v6)).toBe('http://[::1]:8081');
    const named = loadConfig({ PUBLIC_URL: 'https://brickwise.example' });
    rememberListeningAddress(named, { address: '127.0.0.1', port: 41234, family: 'IPv4' });
    expect(publicUrl(named)).toBe('https://brickwise.example');
  });
});
