export * from './savings-plan.js';
export * from './auto-invest.js';
