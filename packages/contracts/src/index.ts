export * from './app-config.js';
export * from './assets.js';
export * from './assets-errors.js';
export * from './auth.js';
export * from './envelope.js';
export * from './errors.js';
export * from './realtime.js';
export * from './user.js';
