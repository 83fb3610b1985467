import { describe, expect, it } from 'vitest';
import { germanTaxIdCheckDigit, isValidGermanTaxId } from './german-tax-id.js';
import { isValidIban } from './iban-rule.js';
import { isAustrianTaxNumber, isValidAustrianSocialSecurityNumber } from './social-security-number.js';

describe('Austrian social security number NNNNTTMMJJ (weights 3,7,9,·,5,8,4,2,1,6 mod 11)', () => {
  it.each([
    ['1237010180', true], // the textbook example: 3+14+27+0+8+2+8 = 62, 62 mod 11 = 7
    ['1237 010180', true],
    ['1002010100', true],
    ['4565241272', true],
    ['1234010180', false], // wrong check digit
    ['1238010180', false],
    ['4560241272', false],
    // Serial 475 with 12.03.90: the sum leaves remainder 10, never issued, whatever the 4th digit.
    ['4750120390', false],
    ['4751120390', false],
    ['0237010180', false], // serial numbers start at 100
    ['123701018', false],
    ['12370101800', false],
    ['123A010180', false],
    ['', false],
  ])('%j → %s', (input, valid) => {
    expect(isValidAustrianSocialSecurityNumber(input)).toBe(valid);
  });

  it.each([
    ['123456789', true],
    ['12-345/6789', true],
    ['12 345 6789', true],
    ['12345678', false],
    ['1234567890', false],
  ])('tax number instead: %j → %s', (input, valid) => {
    expect(isAustrianTaxNumber(input)).toBe(valid);
  });
});

describe('German tax ID (11 digits, ISO 7064 MOD 11,10, digit repetition)', () => {
  it.each([
    ['86095742719', true], // the Federal Central Tax Office's example: 7 twice
    ['47036892816', true], // 8 twice
    ['65929970489', true], // 9 three times, never all three in a row
    ['57549285017', true],
    ['25768131411', true],
    ['26954371827', true],
    ['860 957 427 19', true],
    ['86095742711', false], // wrong check digit
    ['47036892815', false],
    ['65299970480', false], // 9 three times in a row
    ['12345678903', false], // no digit repeated
    ['11111111111', false],
    ['11223456789', false], // two digits repeated
    ['06095742719', false], // starts with 0
    ['8609574271', false],
    ['860957427190', false],
    ['8609574271x', false],
    ['', false],
  ])('%j → %s', (input, valid) => {
    expect(isValidGermanTaxId(input)).toBe(valid);
  });

  it('computes the check digit of the example', () => {
    expect(germanTaxIdCheckDigit('8609574271')).toBe(9);
    expect(germanTaxIdCheckDigit('4703689281')).toBe(6);
  });
});

describe('IBAN must be valid', () => {
  it.each([
    ['AT611904300234573201', true],
    ['AT61 1904 3002 3457 3201', true],
    ['at611904300234573201', true],
    ['DE89370400440532013000', true],
    ['CH9300762011623852957', true],
    ['GB29NWBK60161331926819', true],
    ['AT611904300234573202', false], // one digit off
    ['AT621904300234573201', false], // wrong check digits
    ['AT61190430023457320', false], // too short for Austria
    ['DE8937040044053201300', false],
    ['AT6119043002345732010', false],
    ['1904300234573201', false],
    ['', false],
  ])('%j → %s', (input, valid) => {
    expect(isValidIban(input)).toBe(valid);
  });
});
