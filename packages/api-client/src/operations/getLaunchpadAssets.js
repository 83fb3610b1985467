// Generated from the production API document by `npm run api-client:generate`. Do not edit.
export const getLaunchpadAssets = { method: 'get', path: '/launchpad/api/v2/assets' };
