// Generated from the production API document by `npm run api-client:generate`. Do not edit.
export const getAffiliateIdByIdUrl = { method: 'get', path: '/api/v1/affiliate/id/{id}/url' };
