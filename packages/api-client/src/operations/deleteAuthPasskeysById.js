// Generated from the production API document by `npm run api-client:generate`. Do not edit.
export const deleteAuthPasskeysById = { method: 'delete', path: '/auth/passkeys/{id}' };
