import { describe, expect, it } from 'vitest';
import { austrianIban, formatIbanForDisplay, hasValidIbanChecksum, ibanCheckDigits, normalizeIban } from './iban.js';

describe('IBAN check digits (mod 97-10)', () => {
  it.each([
    // Published examples of valid IBANs.
    ['AT611904300234573201', true],
    ['DE89370400440532013000', true],
    ['GB82WEST12345698765432', true],
    ['AT61 1904 3002 3457 3201', true],
    ['at611904300234573201', true],
    ['AT621904300234573201', false],
    ['AT611904300234573202', false],
    ['AT61', false],
    ['', false],
    ['ATXX1904300234573201', false],
  ])('%s → %s', (iban, valid) => {
    expect(hasValidIbanChecksum(iban)).toBe(valid);
  });

  it('computes the published check digits', () => {
    expect(ibanCheckDigits('AT', '1904300234573201')).toBe('61');
    expect(ibanCheckDigits('DE', '370400440532013000')).toBe('89');
  });
});

describe('austrianIban', () => {
  it.each([
    ['19043', 234573201n, 'AT611904300234573201'],
    ['19999', 1n, austrianIban('19999', 1n)],
    ['19999', 99_999_999_999n, austrianIban('19999', 99_999_999_999n)],
  ])('bank %s account %s', (bank, account, expected) => {
    const iban = austrianIban(bank, account);
    expect(iban).toBe(expected);
    expect(iban).toMatch(/^AT\d{18}$/);
    expect(hasValidIbanChecksum(iban)).toBe(true);
  });

  it.each([
    ['1904', 1n],
    ['19043', -1n],
    ['19043', 100_000_000_000n],
  ])('refuses bank %s account %s', (bank, account) => {
    expect(() => austrianIban(bank, account)).toThrow(RangeError);
  });

  it('formats and normalises for display', () => {
    expect(formatIbanForDisplay('AT611904300234573201')).toBe('AT61 1904 3002 3457 3201');
    expect(normalizeIban(' at61 1904 3002 3457 3201 ')).toBe('AT611904300234573201');
  });
});
