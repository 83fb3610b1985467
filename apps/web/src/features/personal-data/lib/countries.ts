/** ISO 3166-1 alpha-2 codes for birth country and nationality; names come from `Intl.DisplayNames`. */
const COUNTRY_CODES = (
  'AD AE AF AG AL AM AO AR AT AU AZ BA BB BD BE BF BG BH BI BJ BN BO BR BS BT BW BY BZ CA CD CF CG CH CI CL CM ' +
  'CN CO CR CU CV CY CZ DE DJ DK DM DO DZ EC EE EG ER ES ET FI FJ FM FR GA GB GD GE GH GM GN GQ GR GT GW GY HN HR ' +
  'HT HU ID IE IL IN IQ IR IS IT JM JO JP KE KG KH KI KM KN KP KR KW KZ LA LB LC LI LK LR LS LT LU LV LY MA MC MD ' +
  'ME MG MH MK ML MM MN MR MT MU MV MW MX MY MZ NA NE NG NI NL NO NP NR NZ OM PA PE PG PH PK PL PS PT PW PY QA RO ' +
  'RS RU RW SA SB SC SD SE SG SI SK SL SM SN SO SR SS ST SV SY SZ TD TG TH TJ TL TM TN TO TR TT TV TW TZ UA UG US ' +
  'UY UZ VA VC VE VN VU WS XK YE ZA ZM ZW'
).split(' ');

/** Only natural persons resident in Austria may register (spec section 5). */
export const RESIDENCE_COUNTRY = 'AT';

/** The countries most users pick, first in every list (the platform's audience: AT, DE, CH). */
const FIRST = ['AT', 'DE', 'CH'];

export type CountryOption = { readonly code: string; readonly name: string };

const displayNames = (language: string) => {
  try {
    return new Intl.DisplayNames([language], { type: 'region' });
  } catch {
    return null;
  }
};

/** Every country, the audience first, the rest sorted by name in the UI language. */
export const countryOptions = (language: string): CountryOption[] => {
  const names = displayNames(language);
  const name = (code: string) => names?.of(code) ?? code;
  const rest = COUNTRY_CODES.filter((code) => !FIRST.includes(code))
    .map((code) => ({ code, name: name(code) }))
    .sort((a, b) => a.name.localeCompare(b.name, language));
  return [...FIRST.map((code) => ({ code, name: name(code) })), ...rest];
};

export const countryName = (code: string, language: string): string => displayNames(language)?.of(code) ?? code;

/** Country calling codes of the phone step: the audience and its neighbours. */
export const CALLING_CODES: readonly { readonly code: string; readonly country: string }[] = [
  { code: '+43', country: 'AT' },
  { code: '+49', country: 'DE' },
  { code: '+41', country: 'CH' },
  { code: '+423', country: 'LI' },
  { code: '+39', country: 'IT' },
  { code: '+420', country: 'CZ' },
  { code: '+421', country: 'SK' },
  { code: '+36', country: 'HU' },
  { code: '+386', country: 'SI' },
  { code: '+385', country: 'HR' },
  { code: '+48', country: 'PL' },
  { code: '+31', country: 'NL' },
  { code: '+32', country: 'BE' },
  { code: '+33', country: 'FR' },
  { code: '+34', country: 'ES' },
  { code: '+44', country: 'GB' },
  { code: '+1', country: 'US' },
];

/**
 * The number the server normalises (spec section 5: digits only, stored as E.164): the calling
 * code and the national number without its trunk 0. Anything but digits and spaces is kept, so
 * the server answers "Es sind nur Zahlen erlaubt." for it as well.
 */
export const internationalNumber = (callCode: string, number: string): string => {
  const compact = number.replace(/\s+/g, '');
  if (compact.startsWith('+') || compact.startsWith('00')) return compact;
  return `${callCode}${compact.replace(/^0/, '')}`;
};

/** Spec section 5, Phone: only digits (spaces are allowed for readability). */
export const isDigitsOnly = (number: string): boolean => /^[\d\s]*$/.test(number);
