// Generated from the production API document by `npm run api-client:generate`. Do not edit.
export const postAuthSwitchSession = { method: 'post', path: '/auth/switchSession' };
