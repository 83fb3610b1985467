import rateLimit from '@fastify/rate-limit';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { clientAddressKey, NO_ADDRESS_KEY, rateLimitKey } from './rate-limit-key.js';

describe('the rate-limit key of a client (issue 41)', () => {
  it('counts IPv4 by its address, IPv6 by its /64 network, IPv4-mapped IPv6 as IPv4', () => {
    expect(clientAddressKey('203.0.113.7')).toBe('203.0.113.7');
    expect(clientAddressKey('2001:db8:1:2:aaaa::1')).toBe('2001:db8:1:2::/64');
    expect(clientAddressKey('2001:DB8:1:2:bbbb:cccc:dddd:eeee')).toBe('2001:db8:1:2::/64');
    expect(clientAddressKey('2001:db8:1:3::1')).toBe('2001:db8:1:3::/64');
    expect(clientAddressKey('::1')).toBe('0:0:0:0::/64');
    expect(clientAddressKey('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
    expect(clientAddressKey('::ffff:198.51.100.4')).toBe('198.51.100.4');
    expect(clientAddressKey('::ffff:c633:6404')).toBe('198.51.100.4');
  });

  it('gives a request without an address (its socket already closed) a key instead of throwing', () => {
    expect(clientAddressKey(undefined)).toBe(NO_ADDRESS_KEY);
    expect(clientAddressKey('')).toBe(NO_ADDRESS_KEY);
  });

  const appWithoutAddress = async (keyGenerator?: typeof rateLimitKey) => {
    const app = Fastify();
    // As for an aborted socket: Node leaves `remoteAddress` undefined, so `request.ip` is undefined.
    app.addHook('onRequest', async (request) => {
      Object.defineProperty(request, 'ip', { value: undefined });
    });
    await app.register(rateLimit, {
      global: true,
      max: 2,
      timeWindow: 60_000,
      ...(keyGenerator ? { keyGenerator } : {}),
    });
    app.get('/', async () => ({ ok: true }));
    await app.ready();
    return app;
  };

  it('the plugin with this key answers and limits such requests; its own default key fails them with 500', async () => {
    const ours = await appWithoutAddress(rateLimitKey);
    const statuses: number[] = [];
    for (let i = 0; i < 3; i += 1) statuses.push((await ours.inject({ url: '/' })).statusCode);
    expect(statuses).toEqual([200, 200, 429]);
    await ours.close();

    const plain = await appWithoutAddress();
    expect((await plain.inject({ url: '/' })).statusCode).toBe(500);
    await plain.close();
  });
});
