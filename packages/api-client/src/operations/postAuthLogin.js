// Generated from the production API document by `npm run api-client:generate`. Do not edit.
export const postAuthLogin = { method: 'post', path: '/auth/login' };
