import { type Catalog, type CatalogOverlay, deAT } from './catalogs/de-at.js';
import { deCHOverlay } from './catalogs/de-ch.js';
import { deDEOverlay } from './catalogs/de-de.js';

/** Spec section 9: locales de-AT (default) and de-DE; de-CH for Swiss users; English fallback. */
export const appLocales = ['de-AT', 'de-DE', 'de-CH', 'en'] as const;
export type AppLocale = (typeof appLocales)[number];
export const DEFAULT_LOCALE: AppLocale = 'de-AT';
export const FALLBACK_LOCALE: AppLocale = 'en';

const applyOverlay = (base: Catalog, overlay: CatalogOverlay): Catalog => {
  const merged: Record<string, Record<string, string>> = {};
  for (const [section, entries] of Object.entries(base)) {
    const patch = (overlay as Record<string, Record<string, string> | undefined>)[section] ?? {};
    merged[section] = { ...entries, ...patch };
  }
  return merged as Catalog;
};

/** Swiss Standard German writes "ss" for "ß" throughout; the overlay then changes words, not spelling. */
const swissSpelling = (base: Catalog): Catalog => {
  const converted: Record<string, Record<string, string>> = {};
  for (const [section, entries] of Object.entries(base)) {
    converted[section] = Object.fromEntries(
      Object.entries(entries as Record<string, string>).map(([key, text]) => [key, text.replaceAll('ß', 'ss')]),
    );
  }
  return converted as Catalog;
};

export type GermanLocale = Exclude<AppLocale, 'en'>;

/** The German catalogs ship with the app; they are complete, so German users never need the fallback. */
export const germanCatalogs: Readonly<Record<GermanLocale, Catalog>> = {
  'de-AT': deAT,
  'de-DE': applyOverlay(deAT, deDEOverlay),
  'de-CH': applyOverlay(swissSpelling(deAT), deCHOverlay),
};

/** Any catalog; English is a separate chunk, loaded only when it is the language in use. */
export const loadCatalog = async (locale: AppLocale): Promise<Catalog> =>
  locale === 'en' ? (await import('./catalogs/en.js')).en : germanCatalogs[locale];

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
