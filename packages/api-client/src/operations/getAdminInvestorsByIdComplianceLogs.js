// Generated from the production API document by `npm run api-client:generate`. Do not edit.
export const getAdminInvestorsByIdComplianceLogs = { method: 'get', path: '/admin/api/v1/investors/{id}/complianceLogs' };
