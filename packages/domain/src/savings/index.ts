export * from './savings-plan.js';
