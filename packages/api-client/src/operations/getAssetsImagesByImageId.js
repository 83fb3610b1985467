// Generated from the production API document by `npm run api-client:generate`. Do not edit.
export const getAssetsImagesByImageId = { method: 'get', path: '/api/v1/assets/images/{imageId}' };
