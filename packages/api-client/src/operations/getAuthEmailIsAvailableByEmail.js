// Generated from the production API document by `npm run api-client:generate`. Do not edit.
export const getAuthEmailIsAvailableByEmail = { method: 'get', path: '/auth/email/isAvailable/{email}' };
