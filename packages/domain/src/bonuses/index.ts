export * from './campaigns.js';
export * from './referral.js';
