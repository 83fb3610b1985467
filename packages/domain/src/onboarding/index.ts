export * from './address.js';
export * from './birth-date.js';
export * from './confirmations.js';
export * from './german-tax-id.js';
export * from './iban-rule.js';
export * from './messages.js';
export * from './phone.js';
export * from './social-security-number.js';
