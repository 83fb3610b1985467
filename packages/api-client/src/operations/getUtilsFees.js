// Generated from the production API document by `npm run api-client:generate`. Do not edit.
export const getUtilsFees = { method: 'get', path: '/api/v1/utils/fees' };
