// Generated from the production API document by `npm run api-client:generate`. Do not edit.
export const getBulletinboardOfferPrivateContactDetailsById = { method: 'get', path: '/api/v1/bulletinboard/offer/privateContactDetails/{id}' };
