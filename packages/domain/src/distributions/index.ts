export * from './allocation.js';
export * from './periods.js';
export * from './plan.js';
export * from './reinvest.js';
export * from './returns.js';
export * from './tax-rules.js';
