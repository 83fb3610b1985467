// Generated from the production API document by `npm run api-client:generate`. Do not edit.
export const postAdminSupportRequestsByIdAnswer = { method: 'post', path: '/admin/api/v1/support/requests/{id}/answer' };
