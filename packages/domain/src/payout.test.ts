import { describe, expect, it } from 'vitest';
import { checkPayout, formatPayoutCode, parseEuroAmountToCents, senderNameMatchesUser } from './payout.js';

describe('checkPayout (spec section 5)', () => {
  it.each([
    [{ amountCents: 10n, availableCents: 10n, hasPayoutAccount: true }, null],
    [{ amountCents: 9n, availableCents: 100n, hasPayoutAccount: true }, 'PAYOUT_BELOW_MINIMUM'],
    [{ amountCents: 0n, availableCents: 100n, hasPayoutAccount: true }, 'PAYOUT_BELOW_MINIMUM'],
    [{ amountCents: 101n, availableCents: 100n, hasPayoutAccount: true }, 'PAYOUT_INSUFFICIENT_FUNDS'],
    [{ amountCents: 50n, availableCents: 100n, hasPayoutAccount: false }, 'PAYOUT_ACCOUNT_REQUIRED'],
    [{ amountCents: 5n, availableCents: 0n, hasPayoutAccount: false }, 'PAYOUT_ACCOUNT_REQUIRED'],
  ] as const)('%o → %s', (input, expected) => {
    expect(checkPayout(input)).toBe(expected);
  });
});

describe('senderNameMatchesUser', () => {
  it.each([
    ['Anna Muster', 'Anna', 'Muster', true],
    ['MUSTER ANNA', 'Anna', 'Muster', true],
    ['Muster, Anna', 'Anna', 'Muster', true],
    ['Jürgen Größer', 'Juergen', 'Groesser', true],
    ['Juergen Groesser', 'Jürgen', 'Größer', true],
    ['Ju\u0308rgen Gro\u0308ßer', 'Jürgen', 'Größer', true],
    ['José Núñez', 'Jose', 'Nunez', true],
    ['Anna-Lena Meier-Huber', 'Anna-Lena', 'Meier Huber', true],
    ['Anna Musterfrau', 'Anna', 'Muster', false],
    ['Anna Muster GmbH', 'Anna', 'Muster', false],
    ['Anna', 'Anna', 'Muster', false],
    ['', '', '', false],
    ['Max Muster', 'Anna', 'Muster', false],
  ])('%s vs %s %s → %s', (sender, first, last, expected) => {
    expect(senderNameMatchesUser(sender, first, last)).toBe(expected);
  });
});

describe('parseEuroAmountToCents', () => {
  it.each([
    ['100.00', 10_000n],
    ['100', 10_000n],
    ['0,1', 10n],
    ['0.66', 66n],
    ['12,34', 1234n],
  ])('%s → %s', (text, cents) => {
    expect(parseEuroAmountToCents(text)).toBe(cents);
  });
  it.each(['', '1.234', '-1', '1e3', 'abc', '1.2.3'])('refuses %s', (text) => {
    expect(() => parseEuroAmountToCents(text)).toThrow(RangeError);
  });
});

describe('formatPayoutCode', () => {
  it.each([
    [0, '000000'],
    [42, '000042'],
    [1_234_567, '234567'],
  ])('%i → %s', (value, code) => {
    expect(formatPayoutCode(value)).toBe(code);
  });
});
