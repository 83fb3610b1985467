// Generated from the production API document by `npm run api-client:generate`. Do not edit.
export const putAdminAssetsByIdRanking = { method: 'put', path: '/admin/api/v1/assets/{id}/ranking' };
