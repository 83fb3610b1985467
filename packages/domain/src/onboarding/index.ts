export * from './messages.js';
export * from './phone.js';
