// Generated from the production API document by `npm run api-client:generate`. Do not edit.
export const deleteAdminSession = { method: 'delete', path: '/admin/api/v1/session' };
