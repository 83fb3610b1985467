import {
  type AppLocale,
  createTranslator,
  DEFAULT_LOCALE,
  FALLBACK_LOCALE,
  loadCatalog,
  loadFeatureCatalog,
  resolveLocale,
  type Translate,
  type Translator,
} from '@bw/i18n';
import type { Family } from '../config/paths';

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

/** The session's translator (ADR 0013); until `setupI18n` has run, every key comes back as itself. */
let translator: Translator = createTranslator(DEFAULT_LOCALE, {});
let featureTexts: Promise<void> | null = null;

/** Loads the language in use (the German catalogs are complete, so English is only fetched for English). */
export const setupI18n = async (locale: AppLocale): Promise<Translator> => {
  translator = createTranslator(locale, await loadCatalog(locale));
  featureTexts = null;
  document.documentElement.lang = locale;
  return translator;
};

export const currentLocale = (): AppLocale => translator.language;

/** A text of the session's language, for code outside components. */
export const translate: Translate = (key, options) => translator.t(key, options);

const translation = {
  t: translate,
  i18n: {
    get language(): AppLocale {
      return translator.language;
    },
  },
} as const;

/**
 * The texts in a component. The language is chosen once at the start (spec section 9) and never
 * changes while the app runs, so this needs no state and no subscription: it returns the same
 * object on every render (ADR 0013: react-i18next's per-component copies cost a phone's start).
 */
export const useTranslation = (): typeof translation => translation;

/**
 * Adds the texts of the lazily loaded screens (onboarding, trading, bulletin board) once; every
 * lazy route waits for it together with its own code, so no screen renders before its texts.
 */
export const ensureFeatureTexts = (): Promise<void> => {
  const target = translator;
  featureTexts ??= loadFeatureCatalog(target.language)
    .then((texts) => target.add(texts))
    .catch((error: unknown) => {
      featureTexts = null;
      throw error;
    });
  return featureTexts;
};
