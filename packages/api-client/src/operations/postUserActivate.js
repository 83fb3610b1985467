// Generated from the production API document by `npm run api-client:generate`. Do not edit.
export const postUserActivate = { method: 'post', path: '/api/v2/user/activate' };
