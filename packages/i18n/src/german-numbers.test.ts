import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { centsToDecimalString } from './format.js';
import {
  germanEur,
  germanNumber,
  germanPercent,
  groupGermanDigits,
  MAX_GERMAN_FRACTION_DIGITS,
} from './german-numbers.js';

/** Intl separates amount and unit with a no-break space. */
const nbsp = '\u00a0';

/**
 * The reference: german-numbers.ts promises byte-identical output to Intl with the de-DE pattern.
 * One formatter per option set, so the property runs measure formatting, not construction.
 */
const intlFormats = new Map<string, Intl.NumberFormat>();
const intl = (options: Intl.NumberFormatOptions): Intl.NumberFormat => {
  const key = JSON.stringify(options);
  let format = intlFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat('de-DE', options);
    intlFormats.set(key, format);
  }
  return format;
};
const fixed = (digits: number): Intl.NumberFormatOptions => ({
  minimumFractionDigits: digits,
  maximumFractionDigits: digits,
});
const intlNumber = (value: number, digits: number): string => intl(fixed(digits)).format(value);
const intlPercent = (ratio: number): string => intl({ style: 'percent', ...fixed(2) }).format(ratio);
const intlEur = (cents: bigint, decimals: 0 | 2): string =>
  intl({ style: 'currency', currency: 'EUR', ...fixed(decimals) }).format(
    centsToDecimalString(cents) as Intl.StringNumericLiteral,
  );

const anyDouble = fc.double({ noNaN: true, noDefaultInfinity: true });
/** Prices, amounts and rates as the app has them: whole cents, and basis points as a ratio. */
const decimalLike = fc.oneof(
  fc.integer({ min: -1e12, max: 1e12 }).map((n) => n / 100),
  fc.integer({ min: -1e9, max: 1e9 }).map((n) => n / 10_000),
  // Decimal ties for 2 and 4 fraction digits (x,xx5 and x,xxxx5), where rounding rules differ.
  fc.integer({ min: -1e9, max: 1e9 }).map((n) => (2 * n + 1) / 2_000),
  fc.integer({ min: -1e9, max: 1e9 }).map((n) => (2 * n + 1) / 200_000),
);
const anyNumber = fc.oneof(anyDouble, decimalLike);
const fractionDigits = fc.integer({ min: 0, max: MAX_GERMAN_FRACTION_DIGITS });
const RUNS = { numRuns: 2_000 };

describe('groupGermanDigits', () => {
  it.each([
    ['0', '0'],
    ['999', '999'],
    ['1000', '1.000'],
    ['12500', '12.500'],
    ['1000000', '1.000.000'],
  ])('%s → %s', (digits, expected) => {
    expect(groupGermanDigits(digits)).toBe(expected);
  });
});

describe('germanEur', () => {
  it.each([
    [123456n, 2, `1.234,56${nbsp}€`],
    [123456n, 0, `1.235${nbsp}€`],
    [10n, 2, `0,10${nbsp}€`],
    [0n, 2, `0,00${nbsp}€`],
    [0n, 0, `0${nbsp}€`],
    [100_000_000n, 2, `1.000.000,00${nbsp}€`],
    [100_000_000n, 0, `1.000.000${nbsp}€`],
    [-5n, 2, `-0,05${nbsp}€`],
    [-123456n, 2, `-1.234,56${nbsp}€`],
    // The short form rounds half away from zero, on the exact cents.
    [50n, 0, `1${nbsp}€`],
    [49n, 0, `0${nbsp}€`],
    [150n, 0, `2${nbsp}€`],
    [250n, 0, `3${nbsp}€`],
    [-250n, 0, `-3${nbsp}€`],
    // A negative amount that rounds to zero keeps its minus, as in Intl.
    [-49n, 0, `-0${nbsp}€`],
    [-50n, 0, `-1${nbsp}€`],
    [900719925474099312n, 2, `9.007.199.254.740.993,12${nbsp}€`],
    [900719925474099350n, 0, `9.007.199.254.740.994${nbsp}€`],
  ] as const)('%s cents, %i decimals → %s', (cents, decimals, expected) => {
    expect(germanEur(cents, decimals)).toBe(expected);
    expect(germanEur(cents, decimals)).toBe(intlEur(cents, decimals));
  });

  it('matches Intl for any cents, far beyond 2^53', () => {
    const cents = fc.oneof(
      fc.bigInt({ min: -(10n ** 40n), max: 10n ** 40n }),
      fc.bigInt({ min: -100_000n, max: 100_000n }),
      // Whole euros and 50 cents: the ties of the short form.
      fc.bigInt({ min: -(10n ** 20n), max: 10n ** 20n }).map((euros) => euros * 100n + 50n),
    );
    fc.assert(
      fc.property(cents, fc.constantFrom<0 | 2>(0, 2), (c, decimals) => {
        expect(germanEur(c, decimals)).toBe(intlEur(c, decimals));
      }),
      RUNS,
    );
  });
});

describe('germanNumber', () => {
  it.each([
    [1000, 0, '1.000'],
    [12500, 0, '12.500'],
    [999, 0, '999'],
    [1234.56, 2, '1.234,56'],
    [0, 2, '0,00'],
    [-0, 2, '-0,00'],
    [-1234.5, 2, '-1.234,50'],
    [1_000_000, 2, '1.000.000,00'],
    [0.5, 0, '1'],
    [2.5, 0, '3'],
    [-2.5, 0, '-3'],
    [0.125, 2, '0,13'],
    // Intl rounds the shortest decimal that reads back as the double, not its exact binary value:
    // 1.005 is 1.00499999999999989… and 2.675 is 2.67499999999999982…, yet both round up.
    [1.005, 2, '1,01'],
    [2.675, 2, '2,68'],
    [0.35, 1, '0,4'],
    [0.00015, 4, '0,0002'],
    [0.30000000000000004, 4, '0,3000'],
    [-0.001, 2, '-0,00'],
    [5e-324, 2, '0,00'],
    [1e21, 2, '1.000.000.000.000.000.000.000,00'],
    // 2^70 is 1180591620717411303424 exactly; Intl prints its shortest digits, then zeros.
    [2 ** 70, 0, '1.180.591.620.717.411.300.000'],
  ])('%s with %i digits → %s', (value, digits, expected) => {
    expect(germanNumber(value, digits)).toBe(expected);
    expect(germanNumber(value, digits)).toBe(intlNumber(value, digits));
  });

  it('matches Intl for the largest double', () => {
    expect(germanNumber(Number.MAX_VALUE, 2)).toBe(intlNumber(Number.MAX_VALUE, 2));
  });

  it.each([0, 1, 2, 3, 4])('matches Intl for any finite double with %i digits', (digits) => {
    fc.assert(
      fc.property(anyNumber, (value) => {
        expect(germanNumber(value, digits)).toBe(intlNumber(value, digits));
      }),
      RUNS,
    );
  });

  it(`matches Intl for any finite double with up to ${MAX_GERMAN_FRACTION_DIGITS} digits`, () => {
    fc.assert(
      fc.property(anyNumber, fractionDigits, (value, digits) => {
        expect(germanNumber(value, digits)).toBe(intlNumber(value, digits));
      }),
      RUNS,
    );
  });

  it('leaves NaN, infinities and unchecked digit counts to the caller', () => {
    expect(() => germanNumber(Number.NaN, 2)).toThrow(RangeError);
    expect(() => germanNumber(Number.POSITIVE_INFINITY, 2)).toThrow(RangeError);
    expect(() => germanNumber(1, -1)).toThrow(RangeError);
    expect(() => germanNumber(1, 1.5)).toThrow(RangeError);
    expect(() => germanNumber(1, MAX_GERMAN_FRACTION_DIGITS + 1)).toThrow(RangeError);
  });
});

describe('germanPercent', () => {
  it.each([
    [525 / 10_000, `5,25${nbsp}%`],
    [0.0525, `5,25${nbsp}%`],
    [0.1, `10,00${nbsp}%`],
    [0, `0,00${nbsp}%`],
    [-0, `-0,00${nbsp}%`],
    [1, `100,00${nbsp}%`],
    [12.5, `1.250,00${nbsp}%`],
    [-0.0525, `-5,25${nbsp}%`],
    // Intl scales by 100 on the decimal: 0.29 * 100 is 28.999999999999996 as a double.
    [0.29, `29,00${nbsp}%`],
    [0.00125, `0,13${nbsp}%`],
    [-0.00005, `-0,01${nbsp}%`],
    [-0.000049, `-0,00${nbsp}%`],
  ])('%s → %s', (ratio, expected) => {
    expect(germanPercent(ratio)).toBe(expected);
    expect(germanPercent(ratio)).toBe(intlPercent(ratio));
  });

  it('matches Intl for any finite double', () => {
    const ratio = fc.oneof(
      anyNumber,
      fc.integer({ min: -1e6, max: 1e6 }).map((bps) => bps / 10_000),
    );
    fc.assert(
      fc.property(ratio, (r) => {
        expect(germanPercent(r)).toBe(intlPercent(r));
      }),
      RUNS,
    );
  });

  it('leaves NaN and infinities to the caller', () => {
    expect(() => germanPercent(Number.NaN)).toThrow(RangeError);
    expect(() => germanPercent(Number.NEGATIVE_INFINITY)).toThrow(RangeError);
  });
});
