// Generated from the production API document by `npm run api-client:generate`. Do not edit.
export const deleteUtilsLike = { method: 'delete', path: '/api/v1/utils/like' };
