// Generated from the production API document by `npm run api-client:generate`. Do not edit.
export const postAuthPasskeysRegistrationOptions = { method: 'post', path: '/auth/passkeys/registration/options' };
