import type { Catalog } from './catalogs/de-at.js';
import type { AppLocale } from './locales.js';

/**
 * Looks texts up in a catalog (ADR 0013): `section.key`, a plural form chosen by `count`
 * (`key_one`, `key_other`), and `{{name}}` placeholders filled from the options. That is all the
 * catalogs use, so a general i18n library's runtime is not needed on a phone's start.
 */

type Sections = Readonly<Record<string, Readonly<Record<string, string>> | undefined>>;

type PluralSuffix = 'one' | 'other';
type WithoutPlural<K extends string> = K extends `${infer Base}_${PluralSuffix}` ? Base : K;

/**
 * Every key of the catalog as `section.key`; a plural key also by its base name (then `count`
 * picks the form).
 */
export type TranslationKey = {
  [S in keyof Catalog & string]: `${S}.${(keyof Catalog[S] & string) | WithoutPlural<keyof Catalog[S] & string>}`;
}[keyof Catalog & string];

/**
 * `count` picks the plural form, `defaultValue` is the text for a key the catalog lacks (a value
 * the server may add before the app knows it); every option fills the placeholder of its name.
 */
export type TranslateOptions = { readonly count?: number; readonly defaultValue?: string } & Readonly<
  Record<string, unknown>
>;

export type Translate = (key: TranslationKey, options?: TranslateOptions) => string;

export type Translator = {
  readonly language: AppLocale;
  readonly t: Translate;
  /** Adds texts (the lazily loaded screens'): sections are merged key by key, a new text wins. */
  readonly add: (texts: Partial<Catalog>) => void;
};

/**
 * German and English have two plural forms: "one" for exactly 1 (or -1), "other" for everything
 * else (0, 2, 1.5), as `Intl.PluralRules('de' | 'en')` says; asking Intl would cost a phone's start more.
 */
export const pluralForm = (count: number): PluralSuffix => (Math.abs(count) === 1 ? 'one' : 'other');

const PLACEHOLDER = /\{\{\s*(\w+)\s*\}\}/g;

/** Fills `{{name}}` with `String(options[name])`; a placeholder without a value stays as it is. */
export const interpolate = (text: string, options: Readonly<Record<string, unknown>>): string =>
  text.includes('{{')
    ? text.replace(PLACEHOLDER, (placeholder, name: string) => {
        const value = options[name];
        return value === undefined || value === null ? placeholder : String(value);
      })
    : text;

const merge = (base: Sections, added: Sections): Sections => {
  const merged: Record<string, Readonly<Record<string, string>> | undefined> = { ...base };
  for (const [section, entries] of Object.entries(added)) merged[section] = { ...base[section], ...entries };
  return merged;
};

/** A translator over one language's catalog; an unknown key comes back as the key itself. */
export const createTranslator = (language: AppLocale, texts: Partial<Catalog>): Translator => {
  let sections: Sections = texts as Sections;
  const lookup = (key: string): string | undefined => {
    const dot = key.indexOf('.');
    return dot < 0 ? undefined : sections[key.slice(0, dot)]?.[key.slice(dot + 1)];
  };
  const t: Translate = (key, options) => {
    if (!options) return lookup(key) ?? key;
    const text =
      (typeof options.count === 'number' ? lookup(`${key}_${pluralForm(options.count)}`) : undefined) ??
      lookup(key) ??
      options.defaultValue;
    return text === undefined ? key : interpolate(text, options);
  };
  return {
    language,
    t,
    add: (added) => {
      sections = merge(sections, added as Sections);
    },
  };
};
