import { hasValidIbanChecksum, normalizeIban } from '../iban.js';

/** IBAN lengths of the SEPA countries an investor's bank account is likely in (ISO 13616 registry). */
const IBAN_LENGTHS: Readonly<Record<string, number>> = {
  AT: 20,
  BE: 16,
  CH: 21,
  CZ: 24,
  DE: 22,
  DK: 18,
  ES: 24,
  FI: 18,
  FR: 27,
  GB: 22,
  HR: 21,
  HU: 28,
  IE: 22,
  IT: 27,
  LI: 21,
  LU: 20,
  NL: 18,
  NO: 15,
  PL: 28,
  PT: 25,
  SE: 24,
  SI: 19,
  SK: 24,
};

/**
 * Spec section 5, IBAN must be valid: the mod-97 check digits, and the registered length of
 * its country where known. Spaces and lower case are allowed in the input.
 */
export const isValidIban = (input: string): boolean => {
  const iban = normalizeIban(input);
  const expectedLength = IBAN_LENGTHS[iban.slice(0, 2)];
  if (expectedLength !== undefined && iban.length !== expectedLength) return false;
  return hasValidIbanChecksum(iban);
};
