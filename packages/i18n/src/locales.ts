import { type Catalog, type CatalogOverlay, deATCore } from './catalogs/de-at.js';
import { deCHOverlay } from './catalogs/de-ch.js';
import { deDEOverlay } from './catalogs/de-de.js';

/** Spec section 9: locales de-AT (default) and de-DE; de-CH for Swiss users; English fallback. */
export const appLocales = ['de-AT', 'de-DE', 'de-CH', 'en'] as const;
export type AppLocale = (typeof appLocales)[number];
export const DEFAULT_LOCALE: AppLocale = 'de-AT';
export const FALLBACK_LOCALE: AppLocale = 'en';

type Sections = Readonly<Record<string, Readonly<Record<string, string>>>>;

const applyOverlay = (base: Sections, overlay: CatalogOverlay): Sections => {
  const merged: Record<string, Record<string, string>> = {};
  for (const [section, entries] of Object.entries(base)) {
    const patch = (overlay as Record<string, Record<string, string> | undefined>)[section] ?? {};
    merged[section] = { ...entries, ...patch };
  }
  return merged;
};

/** Swiss Standard German writes "ss" for "ß" throughout; the overlay then changes words, not spelling. */
const swissSpelling = (base: Sections): Sections => {
  const converted: Record<string, Record<string, string>> = {};
  for (const [section, entries] of Object.entries(base)) {
    converted[section] = Object.fromEntries(
      Object.entries(entries).map(([key, text]) => [key, text.replaceAll('ß', 'ss')]),
    );
  }
  return converted;
};

export type GermanLocale = Exclude<AppLocale, 'en'>;

/** de-AT texts in another German variant: de-DE and de-CH overlays, Swiss spelling. */
export const localize = (locale: GermanLocale, base: Sections): Sections => {
  if (locale === 'de-AT') return base;
  if (locale === 'de-DE') return applyOverlay(base, deDEOverlay);
  return applyOverlay(swissSpelling(base), deCHOverlay);
};

/**
 * The texts the app starts with. English is one chunk, loaded only when it is the language in
 * use. German ships the shell's texts with the app; the texts of the lazily loaded screens come
 * with them (`loadFeatureCatalog`), so the marketplace's start does not carry them.
 */
export const loadCatalog = async (locale: AppLocale): Promise<Catalog> =>
  locale === 'en' ? (await import('./catalogs/en.js')).en : (localize(locale, deATCore) as Catalog);

/** The texts of the lazily loaded screens (German only: the English catalog is loaded whole). */
export const loadFeatureCatalog = async (locale: AppLocale): Promise<Partial<Catalog>> => {
  if (locale === 'en') return {};
  const { deATFeatures } = await import('./catalogs/de-at-features.js');
  return localize(locale, deATFeatures) as Partial<Catalog>;
};

/**
 * Picks the catalog for a language tag. German variants map to their catalog (any other
 * German to de-AT); everything else gets the English fallback.
 */
export const resolveLocale = (languageTag: string | undefined): AppLocale => {
  const tag = (languageTag ?? '').toLowerCase();
  if (tag === 'de-de') return 'de-DE';
  if (tag === 'de-ch' || tag === 'de-li') return 'de-CH';
  if (tag === 'de' || tag.startsWith('de-')) return 'de-AT';
  return FALLBACK_LOCALE;
};
