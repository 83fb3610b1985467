// Generated from the production API document by `npm run api-client:generate`. Do not edit.
export const postAdminAssetTemplates = { method: 'post', path: '/admin/api/v1/asset-templates' };
