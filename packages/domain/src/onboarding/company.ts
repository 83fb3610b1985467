import { splitStreet } from './address.js';
import { onboardingMessages } from './messages.js';
import { normalizePhone } from './phone.js';

/** Spec section 5: the company e-mail message differs from the person's. */
export const COMPANY_EMAIL_INVALID = 'E-Mail nicht gültig';
export const COMPANY_REGISTER_NUMBER_INVALID =
  'Die Firmenbuchnummer ist nicht korrekt (z. B. FN 123456a oder HRB 12345).';

/** Companies of the platform's audience: Austria, Germany, Switzerland. */
export const COMPANY_COUNTRIES = ['AT', 'DE', 'CH'] as const;
const POSTCODE: Record<(typeof COMPANY_COUNTRIES)[number], RegExp> = {
  AT: /^[1-9]\d{3}$/,
  CH: /^[1-9]\d{3}$/,
  DE: /^\d{5}$/,
};
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;
/** Austrian Firmenbuch (FN 123456a), German Handelsregister (HRA/HRB 12345, optional suffix), Swiss UID (CHE-123.456.789). */
const REGISTER_NUMBER = /^(FN ?\d{1,6} ?[a-z]|HR[AB] ?\d{1,6}(?: ?[A-Z]{1,2})?|CHE-?\d{3}\.?\d{3}\.?\d{3})$/i;
/** A tax number or VAT id: digits with separators, or ATU/DE/CHE VAT ids. */
const TAX_NUMBER = /^(\d{2,3}[ /-]?\d{3}[ /-]?\d{3,5}|ATU\d{8}|DE\d{9}|CHE-?\d{3}\.?\d{3}\.?\d{3}(?: ?MWST)?)$/i;

export type CompanyInput = {
  name?: string;
  email?: string;
  phone?: string;
  street?: string;
  postcode?: string;
  city?: string;
  countryCode?: string;
  registerNumber?: string;
  taxNumber?: string;
};

export type Company = {
  name: string;
  email: string;
  phone: string;
  street: string;
  houseNumber: string;
  postcode: string;
  city: string;
  countryCode: string;
  registerNumber: string;
  taxNumber: string;
};

export type CompanyResult = { ok: true; company: Company } | { ok: false; fields: Record<string, string> };

/** Spec section 2, company registration: every field required and checked; field errors by name. */
export const validateCompany = (input: CompanyInput): CompanyResult => {
  const fields: Record<string, string> = {};
  const text = (value: string | undefined) => value?.trim().replace(/\s+/g, ' ') ?? '';
  const name = text(input.name);
  const email = text(input.email).toLowerCase();
  const street = text(input.street);
  const postcode = text(input.postcode);
  const city = text(input.city);
  const countryCode = text(input.countryCode).toUpperCase();
  const registerNumber = text(input.registerNumber);
  const taxNumber = text(input.taxNumber);
  if (name.length < 2) fields.name = onboardingMessages.required;
  if (!EMAIL.test(email)) fields.email = COMPANY_EMAIL_INVALID;
  const phone = normalizePhone(input.phone ?? '');
  if (!phone.ok)
    fields.phone = phone.reason === 'digitsOnly' ? onboardingMessages.phoneDigitsOnly : onboardingMessages.phoneInvalid;
  if (!/\p{L}/u.test(street)) fields.street = onboardingMessages.required;
  if (!/\p{L}/u.test(city)) fields.city = onboardingMessages.required;
  const country = COMPANY_COUNTRIES.find((code) => code === countryCode);
  if (!country) fields.countryCode = onboardingMessages.required;
  else if (!POSTCODE[country].test(postcode)) fields.postcode = onboardingMessages.postcodeInvalid;
  if (!REGISTER_NUMBER.test(registerNumber)) fields.registerNumber = COMPANY_REGISTER_NUMBER_INVALID;
  if (!TAX_NUMBER.test(taxNumber)) fields.taxNumber = onboardingMessages.taxIdInvalid;
  if (Object.keys(fields).length > 0 || !phone.ok || !country) return { ok: false, fields };
  return {
    ok: true,
    company: {
      name,
      email,
      phone: phone.e164,
      ...splitStreet(street),
      postcode,
      city,
      countryCode: country,
      registerNumber: registerNumber.toUpperCase().startsWith('FN')
        ? registerNumber.replace(/^fn/i, 'FN')
        : registerNumber,
      taxNumber: taxNumber.toUpperCase(),
    },
  };
};

/** The reminder of spec section 4: tomorrow 18:00 or the coming Sunday 15:00, in the user's local time. */
export const reminderChoices = (now: Date): { tomorrowEvening: Date; sundayAfternoon: Date } => {
  const tomorrowEvening = new Date(now);
  tomorrowEvening.setDate(now.getDate() + 1);
  tomorrowEvening.setHours(18, 0, 0, 0);
  const sundayAfternoon = new Date(now);
  const daysToSunday = (7 - now.getDay()) % 7 || 7;
  sundayAfternoon.setDate(now.getDate() + daysToSunday);
  sundayAfternoon.setHours(15, 0, 0, 0);
  return { tomorrowEvening, sundayAfternoon };
};
