// Generated from the production API document by `npm run api-client:generate`. Do not edit.
export const postAdminAssetsByIdIncomesByIncomeIdDocuments = { method: 'post', path: '/admin/api/v1/assets/{id}/incomes/{incomeId}/documents' };
