import { parsePhoneNumberFromString } from 'libphonenumber-js/max';

/** Numbers without a country code are read as Austrian (the platform's home market). */
export const DEFAULT_PHONE_COUNTRY = 'AT';

export type PhoneResult =
  | { readonly ok: true; readonly e164: string }
  | { readonly ok: false; readonly reason: 'digitsOnly' | 'invalid' };

/**
 * Spec section 5, Phone: digits only and a plausible number, normalised to international format
 * (E.164). Spaces are dropped and a leading `+` or `00` marks the country code; any other
 * character ('-', '/', letters) is refused as "digits only". The number must be able to receive
 * an SMS, so a pure landline is not plausible.
 */
export const normalizePhone = (input: string): PhoneResult => {
  const compact = input.replace(/\s+/g, '');
  const international = compact.startsWith('+') || compact.startsWith('00');
  const digits = compact.startsWith('+') ? compact.slice(1) : compact.startsWith('00') ? compact.slice(2) : compact;
  if (!/^\d*$/.test(digits)) return { ok: false, reason: 'digitsOnly' };
  if (digits.length === 0) return { ok: false, reason: 'invalid' };
  const parsed = parsePhoneNumberFromString(international ? `+${digits}` : digits, DEFAULT_PHONE_COUNTRY);
  if (!parsed?.isValid() || parsed.getType() === 'FIXED_LINE') return { ok: false, reason: 'invalid' };
  return { ok: true, e164: parsed.number };
};
