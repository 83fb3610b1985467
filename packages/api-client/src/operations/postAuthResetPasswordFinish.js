// Generated from the production API document by `npm run api-client:generate`. Do not edit.
export const postAuthResetPasswordFinish = { method: 'post', path: '/auth/reset-password/finish' };
