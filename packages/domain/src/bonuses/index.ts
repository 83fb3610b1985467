export * from './referral.js';
