export * from './asset-lifecycle.js';
export * from './contrast.js';
export * from './csv.js';
export * from './staff.js';
