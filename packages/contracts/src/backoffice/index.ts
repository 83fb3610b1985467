export * from './assets.js';
export * from './audit.js';
export * from './common.js';
export * from './errors.js';
export * from './investors.js';
export * from './permissions.js';
export * from './staff.js';
