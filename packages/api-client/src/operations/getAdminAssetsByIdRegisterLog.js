// Generated from the production API document by `npm run api-client:generate`. Do not edit.
export const getAdminAssetsByIdRegisterLog = { method: 'get', path: '/admin/api/v1/assets/{id}/register/log' };
