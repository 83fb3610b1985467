/**
 * IBAN arithmetic (ISO 13616, mod 97-10). The sandbox payment provider issues Austrian IBANs:
 * AT, two check digits, a 5-digit bank code and an 11-digit account number.
 */
const LETTER_OFFSET = 55; // 'A' (65) counts as 10

const toDigits = (text: string): string =>
  [...text.toUpperCase()]
    .map((char) => (char >= 'A' && char <= 'Z' ? String(char.charCodeAt(0) - LETTER_OFFSET) : char))
    .join('');

/** Remainder of a long decimal string modulo 97, in chunks small enough for exact JS integers. */
const mod97 = (digits: string): number => {
  let remainder = 0;
  for (let index = 0; index < digits.length; index += 7) {
    remainder = Number(`${remainder}${digits.slice(index, index + 7)}`) % 97;
  }
  return remainder;
};

export const ibanCheckDigits = (countryCode: string, bban: string): string => {
  const remainder = mod97(toDigits(`${bban}${countryCode}00`));
  return String(98 - remainder).padStart(2, '0');
};

export const normalizeIban = (iban: string): string => iban.replace(/\s+/g, '').toUpperCase();

/** True when the IBAN's check digits are right (structure per country is checked by ibantools in the API). */
export const hasValidIbanChecksum = (iban: string): boolean => {
  const compact = normalizeIban(iban);
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]{10,30}$/.test(compact)) return false;
  return mod97(toDigits(`${compact.slice(4)}${compact.slice(0, 4)}`)) === 1;
};

export const AUSTRIAN_BANK_CODE_LENGTH = 5;
export const AUSTRIAN_ACCOUNT_NUMBER_LENGTH = 11;

/** An Austrian IBAN for bank code and account number (both digits only). */
export const austrianIban = (bankCode: string, accountNumber: bigint): string => {
  if (!/^\d{5}$/.test(bankCode)) throw new RangeError('Austrian bank codes have 5 digits');
  const account = accountNumber.toString();
  if (accountNumber < 0n || account.length > AUSTRIAN_ACCOUNT_NUMBER_LENGTH) {
    throw new RangeError('Austrian account numbers have at most 11 digits');
  }
  const bban = `${bankCode}${account.padStart(AUSTRIAN_ACCOUNT_NUMBER_LENGTH, '0')}`;
  return `AT${ibanCheckDigits('AT', bban)}${bban}`;
};

/** "AT61 1904 3002 3457 3201": groups of four, as banks print it. */
export const formatIbanForDisplay = (iban: string): string =>
  normalizeIban(iban)
    .replace(/(.{4})/g, '$1 ')
    .trim();
