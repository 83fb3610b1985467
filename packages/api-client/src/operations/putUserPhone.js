// Generated from the production API document by `npm run api-client:generate`. Do not edit.
export const putUserPhone = { method: 'put', path: '/api/v2/user/phone' };
