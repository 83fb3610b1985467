// Generated from the production API document by `npm run api-client:generate`. Do not edit.
export const postAdminForumMessagesByIdRestore = { method: 'post', path: '/admin/api/v1/forum/messages/{id}/restore' };
