// Generated from the production API document by `npm run api-client:generate`. Do not edit.
export const postAuthVerifyEmail = { method: 'post', path: '/auth/verify-email' };
