// Generated from the production API document by `npm run api-client:generate`. Do not edit.
export const getBonusAllOpenBonuses = { method: 'get', path: '/api/v1/bonus/allOpenBonuses' };
