import { describe, expect, it } from 'vitest';
import { parseAmountInput } from './parse-amount';

describe('parseAmountInput (amount fields in integer cents)', () => {
  it.each([
    ['12,50', 1250n],
    ['12,5', 1250n],
    ['12', 1200n],
    ['0,10', 10n],
    [',5', 50n],
    ['0,01', 1n],
    ['1.234,56', 123456n],
    ['1.234', 123400n],
    ['12.50', 1250n],
    ['12.5', 1250n],
    [' 12,50 € ', 1250n],
    ['€ 7', 700n],
    ['1 234,50', 123450n],
    ['9999999999999,99', 999999999999999n],
  ])('%j → %s cents', (input, cents) => {
    expect(parseAmountInput(input)).toBe(cents);
  });

  it.each([
    '',
    '   ',
    'abc',
    '12,505',
    '-5',
    '1,2,3',
    '12,',
    '1.23.4',
    '12.345,6.7',
    '1e3',
    '0x10',
    '12€50',
    '99999999999999',
  ])('%j is not an amount', (input) => {
    expect(parseAmountInput(input)).toBeNull();
  });

  it('keeps cents exact where floats would not (0,29 is not 28.999…)', () => {
    expect(parseAmountInput('0,29')).toBe(29n);
    expect(parseAmountInput('1.000.000,07')).toBe(100000007n);
  });
});
