// Generated from the production API document by `npm run api-client:generate`. Do not edit.
export const getLaunchpadByIdVotings = { method: 'get', path: '/launchpad/api/v1/{id}/votings' };
