export * from './connection.js';
export * from './data-dir-lock.js';
export * from './migrate.js';
export * from './prepared-select.js';
export * from './schema/index.js';
