// Generated from the production API document by `npm run api-client:generate`. Do not edit.
export const patchUserPassword = { method: 'patch', path: '/api/v1/user/password' };
