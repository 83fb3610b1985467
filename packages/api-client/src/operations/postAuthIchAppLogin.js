// Generated from the production API document by `npm run api-client:generate`. Do not edit.
export const postAuthIchAppLogin = { method: 'post', path: '/auth/ichApp/login' };
