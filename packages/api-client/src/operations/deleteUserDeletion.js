// Generated from the production API document by `npm run api-client:generate`. Do not edit.
export const deleteUserDeletion = { method: 'delete', path: '/api/v2/user/deletion' };
