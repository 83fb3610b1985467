export * from './app-config.js';
export * from './envelope.js';
export * from './errors.js';
export * from './realtime.js';
