// Generated from the production API document by `npm run api-client:generate`. Do not edit.
export const putAdminPartnersByAppId = { method: 'put', path: '/admin/api/v1/partners/{appId}' };
