/**
 * German tax identification number (Steuerliche Identifikationsnummer): 11 digits, the first not
 * 0. In the first ten digits exactly one digit occurs twice or three times (three times never
 * all three in a row) and every other digit at most once. The eleventh digit is the ISO 7064
 * MOD 11,10 check digit of the first ten.
 */
const TAX_ID_LENGTH = 11;

export const germanTaxIdCheckDigit = (firstTen: string): number => {
  let product = 10;
  for (const char of firstTen) {
    let sum = (Number(char) + product) % 10;
    if (sum === 0) sum = 10;
    product = (sum * 2) % 11;
  }
  const check = 11 - product;
  return check === 10 ? 0 : check;
};

const hasValidRepetition = (firstTen: string): boolean => {
  const counts = new Map<string, number>();
  for (const char of firstTen) counts.set(char, (counts.get(char) ?? 0) + 1);
  const repeated = [...counts].filter(([, count]) => count > 1);
  if (repeated.length !== 1) return false;
  const [digit, count] = repeated[0] as [string, number];
  if (count === 2) return true;
  return count === 3 && !firstTen.includes(digit.repeat(3));
};

export const normalizeGermanTaxId = (input: string): string => input.replace(/\s+/g, '');

export const isValidGermanTaxId = (input: string): boolean => {
  const digits = normalizeGermanTaxId(input);
  if (digits.length !== TAX_ID_LENGTH || !/^[1-9]\d{10}$/.test(digits)) return false;
  const firstTen = digits.slice(0, TAX_ID_LENGTH - 1);
  return hasValidRepetition(firstTen) && germanTaxIdCheckDigit(firstTen) === Number(digits[TAX_ID_LENGTH - 1]);
};
