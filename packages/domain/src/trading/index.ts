export * from './fees.js';
export * from './price-warning.js';
export * from './private-trade.js';
export * from './trade-rules.js';
export * from './view-offers.js';
