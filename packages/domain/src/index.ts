export * from './accounts/index.js';
export * from './assets/index.js';
export * from './iban.js';
export * from './money.js';
export * from './onboarding/index.js';
export * from './payout.js';
export * from './processed-user-view.js';
export * from './signing.js';
