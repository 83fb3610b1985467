// Generated from the production API document by `npm run api-client:generate`. Do not edit.
export const postAdminProviderReconciliationCasesByIdResolve = { method: 'post', path: '/admin/api/v1/provider-reconciliation-cases/{id}/resolve' };
