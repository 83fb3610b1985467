// Generated from the production API document by `npm run api-client:generate`. Do not edit.
export const postAdminStaffByIdInvitation = { method: 'post', path: '/admin/api/v1/staff/{id}/invitation' };
