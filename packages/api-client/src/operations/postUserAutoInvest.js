// Generated from the production API document by `npm run api-client:generate`. Do not edit.
export const postUserAutoInvest = { method: 'post', path: '/api/v1/user/autoInvest' };
