import {
  type AppLocale,
  type Catalog,
  DEFAULT_LOCALE,
  FALLBACK_LOCALE,
  loadCatalog,
  loadFeatureCatalog,
  resolveLocale,
} from '@bw/i18n';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { Family } from '../config/paths';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: Catalog };
  }
}

/**
 * Spec section 9: German on the web (de-AT unless the browser asks for de-DE or de-CH), the
 * device language in the app, English as the fallback.
 */
export const chooseLocale = (platform: Family, languages: readonly string[]): AppLocale => {
  const first = languages[0];
  if (platform === 'app') return resolveLocale(first);
  const german = languages.map(resolveLocale).find((locale) => locale !== FALLBACK_LOCALE);
  return german ?? DEFAULT_LOCALE;
};

/** Loads the language in use (the German catalogs are complete, so English is only fetched for English). */
export const setupI18n = async (locale: AppLocale) => {
  const catalog = await loadCatalog(locale);
  await i18next.use(initReactI18next).init({
    lng: locale,
    fallbackLng: FALLBACK_LOCALE,
    resources: { [locale]: { translation: catalog } },
    interpolation: { escapeValue: false },
    initAsync: false,
  });
  document.documentElement.lang = locale;
  return i18next;
};

export const currentLocale = (): AppLocale => (i18next.language as AppLocale | undefined) ?? DEFAULT_LOCALE;

let featureTexts: Promise<void> | null = null;

/**
 * Adds the texts of the lazily loaded screens (onboarding, trading, bulletin board) once; every
 * lazy route waits for it together with its own code, so no screen renders before its texts.
 */
export const ensureFeatureTexts = (): Promise<void> => {
  featureTexts ??= loadFeatureCatalog(currentLocale())
    .then((texts) => {
      i18next.addResourceBundle(currentLocale(), 'translation', texts, true, true);
    })
    .catch((error: unknown) => {
      featureTexts = null;
      throw error;
    });
  return featureTexts;
};
