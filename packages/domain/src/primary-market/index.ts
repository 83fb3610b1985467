export * from './purchase.js';
