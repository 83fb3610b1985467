import { type AppLocale, localize } from '../locales.js';
import { type ErrorTextCode, errorTextsDeAT } from './de-at.js';
import { errorTextsEn } from './en.js';

export { type ErrorTextCode, errorTextsDeAT } from './de-at.js';
export { errorTextsEn } from './en.js';
export { englishFieldText, fieldTextIn, fieldTextsEn, INVALID_FIELD_TEXT } from './field-texts.js';
export { looksEnglish, looksGerman } from './language-words.js';

type Texts = Readonly<Record<string, string>>;

const byLocale = new Map<AppLocale, Texts>([
  ['de-AT', errorTextsDeAT],
  ['en', errorTextsEn],
]);

/** The error texts of a language: de-DE and de-CH are de-AT with their overlay and spelling. */
export const errorTexts = (locale: AppLocale): Texts => {
  const known = byLocale.get(locale);
  if (known) return known;
  const texts = localize(locale as Exclude<AppLocale, 'en'>, { errors: errorTextsDeAT }).errors as Texts;
  byLocale.set(locale, texts);
  return texts;
};

export const isErrorTextCode = (code: string): code is ErrorTextCode => Object.hasOwn(errorTextsDeAT, code);

/** The text of an error code in a language (ADR 0042); a code the catalogue lacks gives `undefined`. */
export const errorText = (code: string, locale: AppLocale): string | undefined =>
  isErrorTextCode(code) ? errorTexts(locale)[code] : undefined;
