// Generated from the production API document by `npm run api-client:generate`. Do not edit.
export const postAuthLogout = { method: 'post', path: '/auth/logout' };
