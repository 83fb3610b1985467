// Generated from the production API document by `npm run api-client:generate`. Do not edit.
export const getLaunchpadAssetNotaryByIdDate = { method: 'get', path: '/launchpad/api/v1/asset/notary/{id}/date' };
