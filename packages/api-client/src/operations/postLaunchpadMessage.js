// Generated from the production API document by `npm run api-client:generate`. Do not edit.
export const postLaunchpadMessage = { method: 'post', path: '/launchpad/api/v1/message' };
