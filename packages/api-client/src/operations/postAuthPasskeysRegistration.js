// Generated from the production API document by `npm run api-client:generate`. Do not edit.
export const postAuthPasskeysRegistration = { method: 'post', path: '/auth/passkeys/registration' };
