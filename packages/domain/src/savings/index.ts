export * from './auto-invest.js';
export * from './savings-plan.js';
