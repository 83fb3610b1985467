export * from './assets/index.js';
export * from './money.js';
