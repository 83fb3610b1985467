import { describe, expect, it } from 'vitest';
import { normalizePhone } from './phone.js';

describe('normalizePhone (spec section 5: digits only, plausible, E.164)', () => {
  it.each([
    ['06641234567', '+436641234567'],
    ['0664 123 45 67', '+436641234567'],
    ['+43 664 1234567', '+436641234567'],
    ['0043 664 1234567', '+436641234567'],
    ['436641234567', '+436641234567'],
    ['+49 151 23456789', '+4915123456789'],
    ['+41 79 123 45 67', '+41791234567'],
    ['0676 8123456', '+436768123456'],
  ])('%s → %s', (input, e164) => {
    expect(normalizePhone(input)).toEqual({ ok: true, e164 });
  });

  it.each([
    ['0664-1234567'],
    ['0664/1234567'],
    ['(0664) 1234567'],
    ['0664 12345abc'],
    ['++436641234567'],
    ['+43 664 123 45 67 ext'],
  ])('%s is refused: digits only', (input) => {
    expect(normalizePhone(input)).toEqual({ ok: false, reason: 'digitsOnly' });
  });

  it.each([
    [''],
    ['   '],
    ['+'],
    ['123'],
    ['0664 12'],
    ['+43 664 1234567890123'],
    ['+999 1234567'],
    // Vienna landline: no SMS possible.
    ['01 5880 0'],
  ])('%j is refused: not a plausible number', (input) => {
    expect(normalizePhone(input)).toEqual({ ok: false, reason: 'invalid' });
  });
});
