// Generated from the production API document by `npm run api-client:generate`. Do not edit.
export const deleteAdminAssetsByIdDocumentsByFileId = { method: 'delete', path: '/admin/api/v1/assets/{id}/documents/{fileId}' };
