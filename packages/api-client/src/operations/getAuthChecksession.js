// Generated from the production API document by `npm run api-client:generate`. Do not edit.
export const getAuthChecksession = { method: 'get', path: '/auth/checksession' };
