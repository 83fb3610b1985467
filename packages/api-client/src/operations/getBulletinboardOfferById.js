// Generated from the production API document by `npm run api-client:generate`. Do not edit.
export const getBulletinboardOfferById = { method: 'get', path: '/api/v1/bulletinboard/offer/{id}' };
