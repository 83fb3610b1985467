export * from './energy-impact.js';
export * from './enums.js';
export * from './marketplace.js';
export * from './pdf-writer.js';
export * from './price-history.js';
export * from './yield-calculator.js';
