/**
 * German (de-DE pattern) number formats by string arithmetic, without Intl: the first
 * Intl.NumberFormat in a page loads ICU data, one long main-thread task on mobile, and the
 * marketplace cards only need these formats. Every function returns exactly what
 * Intl.NumberFormat('de-DE', sameOptions) returns (german-numbers.test.ts compares them).
 */

/** Intl puts a no-break space between amount and unit, so "€" or "%" never wraps alone. */
const NBSP = '\u00a0';

/** de-DE groups every 3 integer digits with '.', from 4 digits on ("1.000"). */
export const groupGermanDigits = (digits: string): string => {
  const head = digits.length % 3 || 3;
  let grouped = digits.slice(0, head);
  for (let i = head; i < digits.length; i += 3) grouped += `.${digits.slice(i, i + 3)}`;
  return grouped;
};

/** Integer digits plus `fractionDigits` decimals ("123456", 2 → "1.234,56"); `scaled` has no sign. */
const placeDecimalComma = (scaled: string, fractionDigits: number): string => {
  if (fractionDigits === 0) return groupGermanDigits(scaled);
  const padded = scaled.padStart(fractionDigits + 1, '0');
  const cut = padded.length - fractionDigits;
  return `${groupGermanDigits(padded.slice(0, cut))},${padded.slice(cut)}`;
};

/** Adds 1 to a string of decimal digits ("1299" → "1300", "99" → "100", "" → "1"). */
const incrementDigits = (digits: string): string => {
  let i = digits.length - 1;
  while (i >= 0 && digits[i] === '9') i--;
  const head = i < 0 ? '1' : `${digits.slice(0, i)}${Number(digits[i]) + 1}`;
  return head + '0'.repeat(digits.length - 1 - i);
};

/** Index of the first non-zero digit ("0525" → 1); `digits` has one. */
const firstNonZero = (digits: string): number => {
  let i = 0;
  while (digits[i] === '0') i++;
  return i;
};

/**
 * Intl (ICU) formats a double from its shortest round-trip decimal (what String(x) shows), not its
 * exact binary value: 1.005 → "1,01" although the double is 1.00499999999999989…. It rounds that
 * decimal half away from zero (Intl's default roundingMode 'halfExpand'). This returns
 * round(abs × 10^(fractionDigits + shift)) as a digit string; `shift` 2 is the percent scaling,
 * which ICU also does on the decimal (0.29 → "29,00 %" although 0.29 * 100 is 28.999999999999996).
 */
const roundedShortestDigits = (abs: number, fractionDigits: number, shift: number): string => {
  if (abs === 0) return '0';
  // String(abs) is "1234.5", "0.0525", "5e-324" or "1.7976931348623157e+308"; split it into
  // significant digits and a power of ten: abs = digits × 10^power.
  const text = String(abs);
  const e = text.indexOf('e');
  const mantissa = e < 0 ? text : text.slice(0, e);
  const point = mantissa.indexOf('.');
  let digits = mantissa;
  let power = e < 0 ? 0 : Number(text.slice(e + 1));
  if (point >= 0) {
    const fraction = mantissa.slice(point + 1);
    digits =
      point === 1 && mantissa[0] === '0' ? fraction.slice(firstNonZero(fraction)) : mantissa.slice(0, point) + fraction;
    power -= fraction.length;
  }
  const zeros = power + fractionDigits + shift;
  if (zeros >= 0) return digits + '0'.repeat(zeros);
  const kept = digits.length + zeros;
  if (kept < 0) return '0';
  const head = digits.slice(0, kept);
  // The first dropped digit decides: 5 or more is at least half a unit, which halfExpand rounds up.
  return (digits[kept] ?? '0') >= '5' ? incrementDigits(head) : head || '0';
};

/** Fraction digits checked against Intl (german-numbers.test.ts); formatNumber uses 0 to 4. */
export const MAX_GERMAN_FRACTION_DIGITS = 20;

const checkFinite = (value: number): void => {
  if (!Number.isFinite(value)) throw new RangeError(`Only finite numbers are formatted without Intl, got ${value}`);
};

/**
 * Intl prints a minus for every negative input, also when it rounds to zero and for -0 ("-0,00"),
 * so the sign comes from the input, not from the rounded digits.
 */
const minus = (value: number): string => (value < 0 || Object.is(value, -0) ? '-' : '');

/** Plain number with exactly `fractionDigits` decimals: 1234.5, 2 → "1.234,50". */
export const germanNumber = (value: number, fractionDigits: number): string => {
  checkFinite(value);
  if (!Number.isInteger(fractionDigits) || fractionDigits < 0 || fractionDigits > MAX_GERMAN_FRACTION_DIGITS) {
    throw new RangeError(`fractionDigits must be an integer from 0 to ${MAX_GERMAN_FRACTION_DIGITS}`);
  }
  const abs = Math.abs(value);
  // Share counts are safe integers; their digits are exact and need no rounding.
  const scaled = Number.isSafeInteger(abs)
    ? `${abs}${'0'.repeat(fractionDigits)}`
    : roundedShortestDigits(abs, fractionDigits, 0);
  return minus(value) + placeDecimalComma(scaled, fractionDigits);
};

const PERCENT_FRACTION_DIGITS = 2;
const PERCENT_SHIFT = 2;

/** Percent with 2 decimals: 0.0525 → "5,25 %". */
export const germanPercent = (ratio: number): string => {
  checkFinite(ratio);
  const scaled = roundedShortestDigits(Math.abs(ratio), PERCENT_FRACTION_DIGITS, PERCENT_SHIFT);
  return `${minus(ratio)}${placeDecimalComma(scaled, PERCENT_FRACTION_DIGITS)}${NBSP}%`;
};

const CENTS_PER_EURO = 100n;
const HALF_EURO = 50n;

/**
 * EUR from integer cents, with 2 decimals or (short form) 0: 123456n → "1.234,56 €" or "1.235 €".
 * The short form rounds half away from zero like Intl; "-0 €" keeps its minus like Intl.
 */
export const germanEur = (cents: bigint, decimals: 0 | 2): string => {
  const sign = cents < 0n ? '-' : '';
  const abs = cents < 0n ? -cents : cents;
  if (decimals === 2) return `${sign}${placeDecimalComma(abs.toString(), 2)}${NBSP}€`;
  return `${sign}${groupGermanDigits(((abs + HALF_EURO) / CENTS_PER_EURO).toString())}${NBSP}€`;
};

/**
 * A count with its noun in the right number, as documents print it: "1 Anteil", "0 Anteile",
 * "1.234 Anteile" (German plural: singular for exactly one). `count` is an integer (a string of
 * digits for bigint counts).
 */
export const germanCount = (count: number | bigint | string, one: string, other: string): string => {
  const digits = String(count).replace(/^-/, '');
  const sign = String(count).startsWith('-') ? '-' : '';
  return `${sign}${groupGermanDigits(digits)} ${digits === '1' ? one : other}`;
};
