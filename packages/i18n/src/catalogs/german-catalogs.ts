import { localize } from '../locales.js';
import { type Catalog, deATCore } from './de-at.js';
import { deATFeatures } from './de-at-features.js';

/** The whole de-AT catalog: the shell's texts and the lazily loaded screens' texts. */
export const deAT = { ...deATCore, ...deATFeatures } as Catalog;

/** Every German catalog, complete (the web loads each in two parts: `loadCatalog`, `loadFeatureCatalog`). */
export const germanCatalogs: Readonly<Record<'de-AT' | 'de-DE' | 'de-CH', Catalog>> = {
  'de-AT': deAT,
  'de-DE': localize('de-DE', deAT) as Catalog,
  'de-CH': localize('de-CH', deAT) as Catalog,
};
