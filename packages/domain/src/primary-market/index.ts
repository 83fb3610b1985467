export * from './portfolio-history.js';
export * from './purchase.js';
