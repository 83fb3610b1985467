export { type Catalog, type CatalogOverlay, deAT } from './catalogs/de-at.js';
export { deCHOverlay } from './catalogs/de-ch.js';
export { deDEOverlay } from './catalogs/de-de.js';
export * from './format.js';
export * from './locales.js';
