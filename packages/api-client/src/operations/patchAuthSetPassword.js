// Generated from the production API document by `npm run api-client:generate`. Do not edit.
export const patchAuthSetPassword = { method: 'patch', path: '/auth/set-password' };
