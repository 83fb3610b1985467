export * from './auth-rules.js';
export * from './passwords.js';
