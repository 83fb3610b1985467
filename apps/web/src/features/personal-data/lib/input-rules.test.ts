import { describe, expect, it } from 'vitest';
import { toBirthDate } from './birth-date-input';
import { countryOptions, internationalNumber, isDigitsOnly } from './countries';

describe('toBirthDate: day, month, year as the server reads them (YYYY-MM-DD)', () => {
  it.each([
    ['4', '7', '1985', '1985-07-04'],
    ['04', '07', '1985', '1985-07-04'],
    ['31', '02', '1990', '1990-02-31'],
    ['', '', '', null],
    ['1', '', '', '0000-00-01'],
  ])('%s.%s.%s → %s', (day, month, year, expected) => {
    expect(toBirthDate(day, month, year)).toBe(expected);
  });
});

describe('phone input (spec section 5: digits only, the server stores E.164)', () => {
  it('accepts digits and spaces only', () => {
    expect(isDigitsOnly('0664 1234567')).toBe(true);
    expect(isDigitsOnly('0664-123')).toBe(false);
    expect(isDigitsOnly('+43664')).toBe(false);
  });

  it('joins the calling code and the national number without its trunk 0', () => {
    expect(internationalNumber('+43', '0664 1234567')).toBe('+436641234567');
    expect(internationalNumber('+49', '1512 3456789')).toBe('+4915123456789');
    expect(internationalNumber('+43', '+41791234567')).toBe('+41791234567');
  });
});

describe('countryOptions', () => {
  it('lists the audience first, then every other country by its German name', () => {
    const options = countryOptions('de-AT');
    expect(options.slice(0, 3).map((option) => option.name)).toEqual(['Österreich', 'Deutschland', 'Schweiz']);
    expect(options.length).toBeGreaterThan(190);
    const rest = options.slice(3).map((option) => option.name);
    expect(rest).toEqual([...rest].sort((a, b) => a.localeCompare(b, 'de-AT')));
  });
});
