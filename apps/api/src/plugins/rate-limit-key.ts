import { isIPv4, isIPv6 } from 'node:net';
import type { FastifyRequest } from 'fastify';

/**
 * The key the global request limit counts by (ADR 0046): the client's address, an IPv6 client by
 * its /64 network (one subscriber's prefix, as @fastify/rate-limit's own key groups it), an
 * IPv4-mapped IPv6 address as its IPv4 address. @fastify/rate-limit's default key throws when
 * `request.ip` is undefined (the socket was closed before the request was handled, issue 41):
 * such requests share one key here instead of answering 500.
 */
export const NO_ADDRESS_KEY = 'no-address';

const IPV6_GROUP_HEXTETS = 4;

/** The eight 16-bit groups of an IPv6 address (zone removed, `::` expanded, a trailing IPv4 part split). */
const hextetsOf = (address: string): number[] | null => {
  const plain = address.split('%')[0] ?? '';
  let text = plain;
  const lastColon = text.lastIndexOf(':');
  const tail = text.slice(lastColon + 1);
  if (isIPv4(tail)) {
    const [a = 0, b = 0, c = 0, d = 0] = tail.split('.').map(Number);
    text = `${text.slice(0, lastColon + 1)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = '', rest] = text.split('::');
  const part = (s: string) => (s === '' ? [] : s.split(':').map((h) => Number.parseInt(h, 16)));
  const left = part(head);
  const right = rest === undefined ? [] : part(rest);
  const zeros = 8 - left.length - right.length;
  if (rest === undefined ? zeros !== 0 : zeros < 0) return null;
  const groups = [...left, ...Array.from({ length: zeros }, () => 0), ...right];
  return groups.every((g) => Number.isInteger(g) && g >= 0 && g <= 0xffff) ? groups : null;
};

/** The rate-limit key of a client address (`undefined` when the socket is gone). */
export const clientAddressKey = (ip: string | undefined): string => {
  if (!ip) return NO_ADDRESS_KEY;
  if (!isIPv6(ip)) return ip.toLowerCase();
  const groups = hextetsOf(ip);
  if (!groups) return ip.toLowerCase();
  const mapped = groups.slice(0, 5).every((g) => g === 0) && groups[5] === 0xffff;
  if (mapped) {
    const [high = 0, low = 0] = groups.slice(6);
    return [high >> 8, high & 255, low >> 8, low & 255].join('.');
  }
  return `${groups
    .slice(0, IPV6_GROUP_HEXTETS)
    .map((g) => g.toString(16))
    .join(':')}::/64`;
};

/** @fastify/rate-limit's `keyGenerator`. */
export const rateLimitKey = (request: FastifyRequest): string => clientAddressKey(request.ip);
