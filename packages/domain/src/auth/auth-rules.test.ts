import { describe, expect, it } from 'vitest';
import {
  CODE_MAX_FAILED_ATTEMPTS,
  formatNumericCode,
  isNumericCode,
  isThrottled,
  oneTimeSecretState,
  SESSION_ABSOLUTE_LIFETIME_MS,
  SESSION_IDLE_TIMEOUT_MS,
  sessionExpiresAt,
  sessionState,
  shouldTouchSession,
  throttleWindowMs,
} from './auth-rules.js';

const at = (iso: string) => new Date(iso);
const plus = (date: Date, ms: number) => new Date(date.getTime() + ms);

describe('session expiry (spec section 9: 90 days)', () => {
  const created = at('2026-01-01T10:00:00Z');
  const session = { expiresAt: sessionExpiresAt(created), lastSeenAt: created };
  it.each([
    ['just created', created, 'active'],
    ['one minute before idle end', plus(created, SESSION_IDLE_TIMEOUT_MS - 60_000), 'active'],
    ['at idle end', plus(created, SESSION_IDLE_TIMEOUT_MS), 'idle-expired'],
    ['at absolute end', plus(created, SESSION_ABSOLUTE_LIFETIME_MS), 'expired'],
  ] as const)('%s → %s', (_label, now, expected) => {
    expect(sessionState(session, now)).toBe(expected);
  });

  it('expires absolutely even when used every day', () => {
    const end = plus(created, SESSION_ABSOLUTE_LIFETIME_MS);
    expect(sessionState({ expiresAt: session.expiresAt, lastSeenAt: plus(end, -1000) }, end)).toBe('expired');
    expect(SESSION_ABSOLUTE_LIFETIME_MS).toBe(90 * 24 * 3600 * 1000);
  });

  it('touches the session at most once a minute', () => {
    expect(shouldTouchSession(created, plus(created, 59_000))).toBe(false);
    expect(shouldTouchSession(created, plus(created, 60_000))).toBe(true);
  });
});

describe('one-time codes', () => {
  const now = at('2026-03-01T12:00:00Z');
  const base = { expiresAt: plus(now, 1000), usedAt: null, failedAttempts: 0 };
  it.each([
    ['fresh', base, 'valid'],
    ['used', { ...base, usedAt: now }, 'used'],
    ['expired', { ...base, expiresAt: now }, 'expired'],
    ['one try left', { ...base, failedAttempts: CODE_MAX_FAILED_ATTEMPTS - 1 }, 'valid'],
    ['out of tries', { ...base, failedAttempts: CODE_MAX_FAILED_ATTEMPTS }, 'exhausted'],
  ] as const)('%s → %s', (_label, secret, expected) => {
    expect(oneTimeSecretState(secret, now)).toBe(expected);
  });

  it.each([
    [0, '000000'],
    [42, '000042'],
    [999_999, '999999'],
  ])('formats %i as %s', (value, code) => {
    expect(formatNumericCode(value)).toBe(code);
    expect(isNumericCode(code)).toBe(true);
  });

  it('refuses values outside six digits and non-codes', () => {
    expect(() => formatNumericCode(1_000_000)).toThrow(RangeError);
    expect(() => formatNumericCode(-1)).toThrow(RangeError);
    expect(isNumericCode('12345')).toBe(false);
    expect(isNumericCode('12345a')).toBe(false);
  });
});

describe('fixed-window throttling', () => {
  const rule = { max: 3, windowMs: 60_000 };
  const start = at('2026-03-01T12:00:00Z');
  it.each([
    ['no window', undefined, start, false],
    ['below the limit', { count: 2, windowStartedAt: start }, start, false],
    ['at the limit', { count: 3, windowStartedAt: start }, plus(start, 59_000), true],
    ['window over', { count: 3, windowStartedAt: start }, plus(start, 60_000), false],
  ] as const)('%s → %s', (_label, window, now, expected) => {
    expect(isThrottled(window, rule, now)).toBe(expected);
  });
});

describe('back-off (ADR 0020): each window that ended over budget doubles the next, up to a day', () => {
  const rule = { max: 5, windowMs: 15 * 60_000 };
  it.each([
    [0, 15 * 60_000],
    [1, 30 * 60_000],
    [3, 120 * 60_000],
    [6, 16 * 3_600_000],
    [7, 24 * 3_600_000],
    [50, 24 * 3_600_000],
    [-1, 15 * 60_000],
  ])('%i strikes → %i ms', (strikes, expected) => {
    expect(throttleWindowMs(rule, strikes)).toBe(expected);
  });

  it('a window with strikes stays current for its doubled length', () => {
    const start = new Date('2026-01-01T00:00:00Z');
    const window = { count: 5, windowStartedAt: start, strikes: 2 };
    expect(isThrottled(window, rule, new Date(start.getTime() + 59 * 60_000))).toBe(true);
    expect(isThrottled(window, rule, new Date(start.getTime() + 60 * 60_000))).toBe(false);
  });
});
