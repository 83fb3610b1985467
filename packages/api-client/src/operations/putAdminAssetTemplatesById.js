// Generated from the production API document by `npm run api-client:generate`. Do not edit.
export const putAdminAssetTemplatesById = { method: 'put', path: '/admin/api/v1/asset-templates/{id}' };
