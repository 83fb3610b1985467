export * from './accounts/index.js';
export * from './assets/index.js';
export * from './money.js';
