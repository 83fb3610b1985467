export { type Catalog, type CatalogOverlay, deATCore } from './catalogs/de-at.js';
export { deCHOverlay } from './catalogs/de-ch.js';
export { deDEOverlay } from './catalogs/de-de.js';
export * from './errors/index.js';
export * from './format.js';
export { germanCount } from './german-numbers.js';
export * from './glossary.js';
export * from './locales.js';
export * from './translate.js';
