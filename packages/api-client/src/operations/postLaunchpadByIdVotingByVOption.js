// Generated from the production API document by `npm run api-client:generate`. Do not edit.
export const postLaunchpadByIdVotingByVOption = { method: 'post', path: '/launchpad/api/v1/{id}/voting/{v}/option' };
