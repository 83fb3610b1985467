/**
 * Austrian social security number (Sozialversicherungsnummer), format NNNNTTMMJJ: a three-digit
 * serial number (100-999), the check digit in the fourth place, then the birth date as day,
 * month and two-digit year. The check digit is the weighted sum of the other nine digits
 * (weights 3,7,9,·,5,8,4,2,1,6) modulo 11; a remainder of 10 is never issued, so such a number
 * is invalid. The date part is not checked as a calendar date: the insurers issue numbers with
 * made-up dates when the real one is unknown.
 */
const WEIGHTS: readonly number[] = [3, 7, 9, 0, 5, 8, 4, 2, 1, 6];
const CHECK_DIGIT_INDEX = 3;

export const normalizeSocialSecurityNumber = (input: string): string => input.replace(/\s+/g, '');

export const isValidAustrianSocialSecurityNumber = (input: string): boolean => {
  const digits = normalizeSocialSecurityNumber(input);
  if (!/^[1-9]\d{9}$/.test(digits)) return false;
  const sum = WEIGHTS.reduce((total, weight, index) => total + weight * Number(digits[index]), 0);
  const remainder = sum % 11;
  return remainder !== 10 && remainder === Number(digits[CHECK_DIGIT_INDEX]);
};

/**
 * An Austrian tax number (Steuernummer) instead of the social security number (spec section 5):
 * nine digits, tax office (2) and number (7), often written "12-345/6789".
 */
export const isAustrianTaxNumber = (input: string): boolean => /^\d{9}$/.test(input.replace(/[\s/-]/g, ''));
