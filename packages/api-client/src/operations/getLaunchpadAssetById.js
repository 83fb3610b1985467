// Generated from the production API document by `npm run api-client:generate`. Do not edit.
export const getLaunchpadAssetById = { method: 'get', path: '/launchpad/api/v2/asset/{id}' };
