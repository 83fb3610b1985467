// Generated from the production API document by `npm run api-client:generate`. Do not edit.
export const postAuthResetPasswordCheck = { method: 'post', path: '/auth/reset-password/check' };
