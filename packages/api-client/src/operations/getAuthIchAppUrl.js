// Generated from the production API document by `npm run api-client:generate`. Do not edit.
export const getAuthIchAppUrl = { method: 'get', path: '/auth/ichApp/url' };
