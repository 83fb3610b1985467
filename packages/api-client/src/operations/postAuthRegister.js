// Generated from the production API document by `npm run api-client:generate`. Do not edit.
export const postAuthRegister = { method: 'post', path: '/auth/register' };
