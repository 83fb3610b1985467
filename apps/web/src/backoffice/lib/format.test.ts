import { describe, expect, it } from 'vitest';
import { centsFromEuroInput, euroInputFromCents } from './format';

describe('euro inputs of the back office', () => {
  it.each([
    ['100,00', '10000'],
    ['1.234,56', '123456'],
    ['1234.5', '123450'],
    ['240000', '24000000'],
    [' 12,3 € ', '1230'],
    ['-5,10', '-510'],
    ['0,07', '7'],
    ['12,345', null],
    ['abc', null],
    ['', null],
  ])('%j → %s cents', (input, cents) => {
    expect(centsFromEuroInput(input)).toBe(cents);
  });

  it.each([
    ['10000', '100,00'],
    ['7', '0,07'],
    ['-510', '-5,10'],
    [null, ''],
  ])('%s cents → %j', (cents, text) => {
    expect(euroInputFromCents(cents)).toBe(text);
  });
});
