// Generated from the production API document by `npm run api-client:generate`. Do not edit.
export const getAuthPasskeys = { method: 'get', path: '/auth/passkeys' };
