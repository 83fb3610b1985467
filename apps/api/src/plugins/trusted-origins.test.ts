import { describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../config.js';
import {
  createTrustedOrigins,
  isLoopbackOrigin,
  PARTNER_ORIGINS_MISS_RELOAD_MS,
  PARTNER_ORIGINS_TTL_MS,
} from './trusted-origins.js';

const production = {
  NODE_ENV: 'production',
  PUBLIC_URL: 'https://invest.brickwise.example',
  PSP_WEBHOOK_SECRET: 'p'.repeat(32),
  IDV_WEBHOOK_SECRET: 'i'.repeat(32),
  STAFF_SECRET_KEY: 's'.repeat(40),
  REGISTER_SIGNING_KEY: 'cmVnaXN0ZXItdGVzdC1rZXktbm90LWZvci1wcm9kdWM',
  DEMO_MODE: 'false',
};

type Setup = {
  port?: number | null;
  partners?: string[] | (() => Promise<string[]>);
  now?: () => number;
};

const trusted = (env: Record<string, string>, { port = null, partners = [], now }: Setup = {}) => {
  const partnerOrigins = vi.fn(typeof partners === 'function' ? partners : async () => partners);
  const origins = createTrustedOrigins({
    config: loadConfig(env),
    listeningPort: () => port,
    partnerOrigins,
    ...(now ? { now } : {}),
  });
  return { isTrusted: origins.isTrusted, partnerOrigins };
};

describe('trusted web origins (issue 34)', () => {
  it('trusts any loopback host with the port the server listens on, in development', async () => {
    const { isTrusted } = trusted({ PORT: '3791' }, { port: 3791 });
    for (const origin of ['http://127.0.0.1:3791', 'http://localhost:3791', 'http://[::1]:3791']) {
      expect(await isTrusted(origin), origin).toBe(true);
    }
    for (const origin of [
      'http://127.0.0.1:3000',
      'http://localhost:3792',
      'http://127.0.0.2:3791',
      'http://evil.example:3791',
      'http://localhost.evil.example:3791',
      'null',
      'file://',
    ]) {
      expect(await isTrusted(origin), origin).toBe(false);
    }
  });

  it('takes the actual port when the server listens on another than PORT (PORT=0), and PORT before it listens', async () => {
    expect(await trusted({ PORT: '0' }, { port: 41_234 }).isTrusted('http://127.0.0.1:41234')).toBe(true);
    expect(await trusted({ PORT: '3791' }).isTrusted('http://127.0.0.1:3791')).toBe(true);
    expect(await trusted({}).isTrusted('http://localhost:3000')).toBe(true);
  });

  it('trusts in production only PUBLIC_URL, the partners’ web app URLs and WEB_ORIGINS as named', async () => {
    const { isTrusted } = trusted(
      { ...production, PORT: '3000', WEB_ORIGINS: 'https://web.brickwise.example' },
      { port: 3000, partners: ['https://alpen.example/desktopWeb/marketplace'] },
    );
    expect(await isTrusted('https://invest.brickwise.example')).toBe(true);
    expect(await isTrusted('https://alpen.example')).toBe(true);
    expect(await isTrusted('https://web.brickwise.example')).toBe(true);
    for (const origin of [
      'http://localhost:3000',
      'http://127.0.0.1:3000',
      'http://[::1]:3000',
      'https://evil.example',
    ]) {
      expect(await isTrusted(origin), origin).toBe(false);
    }
  });

  it('has no trusted default addresses in production', async () => {
    const config = loadConfig(production);
    expect(config.WEB_ORIGINS).toEqual([]);
  });

  it('reads the partners’ addresses once for a while, and again for an unknown origin at most once a second', async () => {
    let now = 0;
    const partners = ['https://alpen.example'];
    const { isTrusted, partnerOrigins } = trusted(production, { port: 3000, partners, now: () => now });
    expect(await isTrusted('https://alpen.example')).toBe(true);
    expect(await isTrusted('https://evil.example')).toBe(false);
    expect(partnerOrigins).toHaveBeenCalledTimes(1);
    // A partner the back office adds is trusted at once (after the short miss interval).
    partners.push('https://neu.example');
    now += PARTNER_ORIGINS_MISS_RELOAD_MS;
    expect(await isTrusted('https://neu.example')).toBe(true);
    expect(partnerOrigins).toHaveBeenCalledTimes(2);
    // A partner's address removed stops being trusted once the cache is old.
    partners.splice(0, 1);
    now += PARTNER_ORIGINS_TTL_MS;
    expect(await isTrusted('https://alpen.example')).toBe(false);
  });

  it('keeps the addresses read before when a read fails', async () => {
    let now = 0;
    const reads = vi
      .fn<() => Promise<string[]>>()
      .mockResolvedValueOnce(['https://alpen.example'])
      .mockRejectedValueOnce(new Error('database down'));
    const { isTrusted } = trusted(production, { port: 3000, partners: reads, now: () => now });
    expect(await isTrusted('https://alpen.example')).toBe(true);
    now += PARTNER_ORIGINS_TTL_MS;
    expect(await isTrusted('https://alpen.example')).toBe(true);
  });

  it('reads a loopback origin by its default port', () => {
    expect(isLoopbackOrigin('http://localhost', 80)).toBe(true);
    expect(isLoopbackOrigin('https://localhost', 443)).toBe(true);
    expect(isLoopbackOrigin('http://localhost:80', 80)).toBe(false);
    expect(isLoopbackOrigin('http://localhost/', 80)).toBe(false);
  });
});
