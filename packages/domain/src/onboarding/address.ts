import { onboardingMessages } from './messages.js';

/** Spec section 5: a street without a number gets house number 1. */
export const DEFAULT_HOUSE_NUMBER = '1';
/** Only persons resident in Austria may register (spec section 5). */
export const REQUIRED_DOMICILE = 'AT';

export type StreetParts = { readonly street: string; readonly houseNumber: string };

/**
 * Splits "Mariahilfer Straße 12/3/4" into street name and house number (spec section 5). The
 * number is the last token starting with a digit, with its stair and door parts
 * ("12/3/4", "7a", "5-7", "12 Stiege 2" stays in the name). Without one, the number is 1.
 */
export const splitStreet = (input: string): StreetParts => {
  const text = input.trim().replace(/\s+/g, ' ');
  const match = /^(.*?[^\d\s,])[\s,]+(\d+\s?[a-zA-Z]?(?:\s?[/-]\s?[\dA-Za-z]+)*)$/.exec(text);
  if (match?.[1] && match[2]) return { street: match[1].replace(/,$/, ''), houseNumber: match[2].replace(/\s/g, '') };
  return { street: text, houseNumber: DEFAULT_HOUSE_NUMBER };
};

export type AddressInput = {
  readonly street?: string | null | undefined;
  readonly houseNumber?: string | null | undefined;
  readonly postcode?: string | null | undefined;
  readonly city?: string | null | undefined;
  readonly domicile?: string | null | undefined;
};

export type Address = {
  readonly street: string;
  readonly houseNumber: string;
  readonly postcode: string;
  readonly city: string;
  readonly domicile: string;
};

export type AddressResult =
  | { readonly ok: true; readonly address: Address }
  | { readonly ok: false; readonly fields: Readonly<Record<string, string>> };

const AUSTRIAN_POSTCODE = /^[1-9]\d{3}$/;

/**
 * Spec section 5: the address must be complete (street, postcode, city, country) and in Austria.
 * When no house number is given separately, it is split off the street (default 1). Field
 * errors are keyed by the field name.
 */
export const validateAddress = (input: AddressInput): AddressResult => {
  const fields: Record<string, string> = {};
  const streetText = input.street?.trim() ?? '';
  const postcode = input.postcode?.trim() ?? '';
  const city = input.city?.trim() ?? '';
  const domicile = input.domicile?.trim().toUpperCase() ?? '';
  if (!/\p{L}/u.test(streetText)) fields.street = onboardingMessages.required;
  if (postcode === '') fields.postcode = onboardingMessages.required;
  else if (!AUSTRIAN_POSTCODE.test(postcode)) fields.postcode = onboardingMessages.postcodeInvalid;
  if (!/\p{L}/u.test(city)) fields.city = onboardingMessages.required;
  if (domicile === '') fields.domicile = onboardingMessages.required;
  else if (!isAllowedDomicile(domicile)) fields.domicile = onboardingMessages.residenceNotAustria;
  if (Object.keys(fields).length > 0) return { ok: false, fields };
  const explicitNumber = input.houseNumber?.trim() ?? '';
  const parts = explicitNumber === '' ? splitStreet(streetText) : { street: streetText, houseNumber: explicitNumber };
  return { ok: true, address: { ...parts, postcode, city, domicile } };
};

/** Spec section 5: only residents of Austria may register. */
export const isAllowedDomicile = (countryCode: string): boolean => countryCode.toUpperCase() === REQUIRED_DOMICILE;

/** Spec section 5: only natural persons resident in Austria; companies have their own registration. */
export const mayRegisterAsInvestor = (person: {
  readonly isNaturalPerson: boolean;
  readonly domicile: string;
}): boolean => person.isNaturalPerson && isAllowedDomicile(person.domicile);
